// The payment services' marks for the "services by logo" choice (spec part 2 §2): drawn here, small
// and crisp on any screen, in each brand's colour; the service's name is always written under it.
import type { PaymentService } from '@shared/paiements';

export function ServiceLogo({ service }: { service: PaymentService }) {
  if (service === 'wave') {
    return (
      <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true" focusable="false">
        <rect width="48" height="48" rx="12" fill="#1dc8f2" />
        <path d="M8 28c4-6 8-6 12 0s8 6 12 0 6-5 8-3" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        <circle cx="35" cy="16" r="4" fill="#fff" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="#000" />
      <rect x="6" y="30" width="36" height="10" rx="2" fill="#ff7900" />
      <text x="24" y="24" textAnchor="middle" fontFamily="system-ui, sans-serif" fontWeight="700" fontSize="15" fill="#fff">
        OM
      </text>
    </svg>
  );
}
