// The one message catalogue: every French text the server sends and the screens show,
// by domain, re-exported here. Typos of the spec are fixed in these files and listed in
// docs/decisions.md ("Spec typos fixed"). Screens may import one domain file directly to keep the
// first screen's bundle small; tests and tools read them all through this index.
export { ABATTAGE_MSG } from './abattages';
export { MSG, PASSWORD_MIN, RULE_MSG, type MessageKey } from './acces';
export { ARCHIVE_MSG } from './archives';
export { BANDE_MSG, TABLEAU_DE_BORD_MSG, INDICATOR_MSG, SURE_MSG } from './bandes';
export { ECOM_MSG } from './ecommerce';
export { LIMIT_MSG } from './limits';
export { NOMBRE_MSG } from './nombres';
export { PAIEMENT_MSG, receiptMail } from './paiements';
export { PARTAGE_ECRAN } from './partage-ecran';
export { PHONE_MSG } from './phone';
export { SANTE_MSG, STATUT_ETAPE_NOM, VOIE_NOM } from './sante';
export { SHOP_MSG } from './shop';
export { FORM_MSG, SYNC_MSG } from './sync';
export { UTILISATEUR_MSG } from './utilisateurs';
export { FIELD_LABELS, farmerError, fieldMessage, isGenericMessage } from './validation';
export { RELEVE_MSG, numeroVente, numeroVersement } from './releve';
