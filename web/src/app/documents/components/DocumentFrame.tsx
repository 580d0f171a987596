// The printable page of a receipt, an invoice or a report: the business's name, the
// shop's address and the phone on top, the document's title, number and date, its body, and an
// Imprimer button; documents.css hides the application's shell when printing. `share` (
// « Envoyer par WhatsApp » and the document's links) sits between the buttons and the sheet.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { frenchCountry } from '../../../lib/countries';
import { formatDateTime } from '../../../lib/format';
import { useEntreprise } from '../../../lib/api/entreprise';
import '../documents.css';
import { formatPhone } from '@shared/phone';

interface Props {
  title: string;
  numero?: string;
  date?: string;
  /** The shop whose address prints under the business's name. */
  idBoutique?: number;
  back: { to: string; label: string };
  loading?: boolean;
  error?: string | null;
  children?: ReactNode;
  /** Above the sheet, not printed: the document's « Envoyer par WhatsApp ». */
  share?: ReactNode;
}

/** The same name, whatever its case and its spaces. */
const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

export function DocumentFrame({ title, numero, date, idBoutique, back, loading, error, children, share }: Props) {
  const e = useEntreprise();
  const shop = e.data?.boutiques.find((b) => b.id === idBoutique) ?? e.data?.boutiques[0];
  // A shop named as the business (its first shop often is) is not printed twice: its address only.
  const sameName = !!shop && sameText(shop.nom, e.data?.nom ?? '');
  return (
    <section className="page doc-page">
      <div className="doc-actions no-print">
        <Link to={back.to}>← {back.label}</Link>
        <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={loading || !!error}>
          Imprimer
        </button>
      </div>
      {share}
      <article className="doc" data-testid="document">
        <header className="doc-header">
          <div>
            <strong className="doc-business" data-testid="doc-entreprise">
              {e.data?.nom ?? ''}
            </strong>
            {shop && !sameName && (
              <div data-testid="doc-boutique">
                {shop.nom}
                {shop.adresse ? ` — ${shop.adresse}` : ''}
              </div>
            )}
            {shop && sameName && shop.adresse && <div data-testid="doc-boutique">{shop.adresse}</div>}
            {e.data?.telephone && <div>Tél. : {formatPhone(e.data.telephone, e.data.pays_tel ?? null)}</div>}
            {e.data?.pays && <div>{frenchCountry(e.data.pays)}</div>}
          </div>
          <div className="doc-meta">
            <h1>{title}</h1>
            {numero && <div data-testid="doc-numero">N° {numero}</div>}
            {date && <div>Date : {formatDateTime(date.slice(0, 19))}</div>}
          </div>
        </header>
        {loading ? <p>Chargement…</p> : error ? <div className="alert alert-error">{error}</div> : children}
      </article>
    </section>
  );
}
