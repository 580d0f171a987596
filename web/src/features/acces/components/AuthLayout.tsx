// Frame of the public screens: brand, title and a centred card that fits a 360 px phone.
import type { ReactNode } from 'react';

export function AuthLayout({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    // The public screens' one landmark: screen readers jump to the form with "main".
    <main className="auth-page">
      <div className={wide ? 'auth-card auth-card-wide' : 'auth-card'}>
        <div className="auth-brand">
          <span className="brand-mark" aria-hidden="true" />
          Ganaar
        </div>
        <h1 className="auth-title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
