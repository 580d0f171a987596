// Route-table rows of the `auth` domain (see shared/api/routes.ts).
import {
  checkOtpSchema,
  initRecoverySchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  updatePasswordSchema,
  updateProfileSchema,
} from '../../schemas/auth';
import type { RouteRow } from '../route-types';

export const authRoutes: readonly RouteRow[] = [
  { method: 'POST', path: '/api/inscription', domain: 'auth', name: 'inscription', access: 'public', body: signupSchema },
  { method: 'POST', path: '/api/login', domain: 'auth', name: 'login', access: 'public', body: loginSchema },
  { method: 'GET', path: '/api/checkToken', domain: 'auth', name: 'checkToken', access: 'auth' },
  { method: 'GET', path: '/api/logout', domain: 'auth', name: 'logout', access: 'auth' },
  { method: 'POST', path: '/api/updatePassword', domain: 'auth', name: 'updatePassword', access: 'auth', body: updatePasswordSchema },
  { method: 'POST', path: '/admin/updatePofil', domain: 'auth', name: 'updateProfile', access: 'auth', body: updateProfileSchema },
  { method: 'POST', path: '/api/initRecoveryPassword', domain: 'auth', name: 'initRecoveryPassword', access: 'public', body: initRecoverySchema },
  { method: 'POST', path: '/api/checkpasswordotp', domain: 'auth', name: 'checkPasswordOtp', access: 'public', body: checkOtpSchema },
  { method: 'POST', path: '/api/resetPassword', domain: 'auth', name: 'resetPassword', access: 'public', body: resetPasswordSchema },
];
