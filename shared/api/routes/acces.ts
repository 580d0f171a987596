// Route-table rows of the `acces` domain (see shared/api/routes.ts).
import {
  checkOtpSchema,
  initRecoverySchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  updatePasswordSchema,
  updateProfileSchema,
} from '../../schemas/acces';
import type { RouteRow } from '../route-types';

export const accesRoutes: readonly RouteRow[] = [
  { method: 'POST', path: '/api/inscription', domain: 'acces', name: 'signup', access: 'public', body: signupSchema },
  { method: 'POST', path: '/api/login', domain: 'acces', name: 'login', access: 'public', body: loginSchema },
  { method: 'GET', path: '/api/checkToken', domain: 'acces', name: 'checkToken', access: 'auth' },
  { method: 'GET', path: '/api/logout', domain: 'acces', name: 'logout', access: 'auth' },
  { method: 'POST', path: '/api/updatePassword', domain: 'acces', name: 'updatePassword', access: 'auth', body: updatePasswordSchema },
  { method: 'POST', path: '/admin/updatePofil', domain: 'acces', name: 'updateProfil', access: 'auth', body: updateProfileSchema },
  { method: 'POST', path: '/api/initRecoveryPassword', domain: 'acces', name: 'initRecoveryPassword', access: 'public', body: initRecoverySchema },
  { method: 'POST', path: '/api/checkpasswordotp', domain: 'acces', name: 'checkPasswordOtp', access: 'public', body: checkOtpSchema },
  { method: 'POST', path: '/api/resetPassword', domain: 'acces', name: 'resetPassword', access: 'public', body: resetPasswordSchema },
];
