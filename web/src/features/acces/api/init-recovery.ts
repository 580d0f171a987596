// POST api/initRecoveryPassword {email}: mails a 4-digit code to the account's address.
import { useAction } from '../../../lib/use-action';
import { http } from '../../../lib/http';

export const initRecovery = (email: string) => http.post<{ code: number }>('api/initRecoveryPassword', { email });

export const useInitRecovery = () => useAction(initRecovery);
