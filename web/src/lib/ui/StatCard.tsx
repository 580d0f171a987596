// A figure card of the dashboard, batch and shop screens: label, value (with its test id), an
// optional line under it, and a tone (profit green when positive, red when negative).
import type { ReactNode } from 'react';

interface Props {
  label: string;
  value: ReactNode;
  testId?: string;
  tone?: 'good' | 'bad';
  children?: ReactNode;
}

export function StatCard({ label, value, testId, tone, children }: Props) {
  return (
    <div className={`stat-card${tone ? ` stat-${tone}` : ''}`}>
      <span className="stat-label">{label}</span>
      <strong className="stat-value" data-testid={testId}>
        {value}
      </strong>
      {children}
    </div>
  );
}
