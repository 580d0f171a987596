// GET api/entreprise: the header of receipts and invoices (name, phone, country, shops). The query
// lives in lib (web/src/lib/api/entreprise.ts): the phone forms and lists read the same answer.
export { useEntreprise, type EntrepriseHeader } from '../../../lib/api/entreprise';
