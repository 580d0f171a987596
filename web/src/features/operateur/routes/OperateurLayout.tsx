// The SaaS operator's console /operateur (docs/decisions.md): businesses, the payments ledger,
// revenue, and the audit log of manual changes, as tabs over the chosen screen.
import { TabbedPage } from '../../../lib/ui/TabbedPage';
import '../operateur.css';

export default function OperateurLayout() {
  return (
    <TabbedPage
      title="Console opérateur"
      tabs={[
        { to: '/operateur', label: 'Entreprises', end: true },
        { to: '/operateur/paiements', label: 'Paiements' },
        { to: '/operateur/revenus', label: 'Revenus' },
        { to: '/operateur/journal', label: 'Journal' },
      ]}
    />
  );
}
