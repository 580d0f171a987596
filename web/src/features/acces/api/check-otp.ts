// POST api/checkpasswordotp {email, code}: checks the mailed code before asking for a new password.
import { useAction } from '../../../lib/use-action';
import { http } from '../../../lib/http';

export const checkOtp = (v: { email: string; code: string }) => http.post<{ code: number }>('api/checkpasswordotp', v);

export const useCheckOtp = () => useAction(checkOtp);
