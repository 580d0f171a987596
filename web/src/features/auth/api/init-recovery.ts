// POST api/initRecoveryPassword {email}: mails a 4-digit code to the account's address.
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const initRecovery = (email: string) => http.post<{ code: number }>('api/initRecoveryPassword', { email });

export const useInitRecovery = () => useMutation({ mutationFn: initRecovery });
