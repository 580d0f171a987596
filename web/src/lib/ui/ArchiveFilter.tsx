// The lists' "Afficher les archivés" switch: archived products, clients and batches are
// out of every list and picker by default; this brings them back into one list, flagged, with
// Restaurer.
export function ArchiveFilter({ checked, onChange, testId }: { checked: boolean; onChange: (v: boolean) => void; testId?: string }) {
  return (
    <label className="checkbox archive-filter">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      Afficher les archivés
    </label>
  );
}

/** The flag of an archived row ("Archivée" for a batch). */
export function ArchivedBadge({ feminine }: { feminine?: boolean }) {
  return <span className="badge badge-muted">{feminine ? 'Archivée' : 'Archivé'}</span>;
}
