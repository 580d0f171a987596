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
// The field texts of the zod schemas (shared/schemas/), one object per schema file, in its domain's file.
export { ABATTAGES_SCHEMA_MSG } from './abattages';
export { ACCES_SCHEMA_MSG, RULES_SCHEMA_MSG } from './acces';
export { ALIMENT_SCHEMA_MSG } from './aliment';
export { ARCHIVES_SCHEMA_MSG } from './archives';
export {
  BANDES_BANDE_SCHEMA_MSG,
  BANDES_COLLECTE_SCHEMA_MSG,
  BANDES_ENTRIES_SCHEMA_MSG,
  BANDES_FIELDS_SCHEMA_MSG,
  BANDES_PESAGE_SCHEMA_MSG,
  TABLEAU_DE_BORD_SCHEMA_MSG,
} from './bandes';
export { BOUTIQUES_SCHEMA_MSG, ECOMMERCE_SCHEMA_MSG } from './ecommerce';
export { NOTIFICATIONS_SCHEMA_MSG } from './notifications';
export { OEUFS_SCHEMA_MSG } from './oeufs';
export { OPERATEUR_SCHEMA_MSG } from './operateur';
export { PAIEMENTS_SCHEMA_MSG } from './paiements';
export { PARTAGE_SCHEMA_MSG } from './partage';
export { SANTE_SCHEMA_MSG } from './sante';
export { CLIENTS_SCHEMA_MSG, COMMANDES_SCHEMA_MSG, PRODUITS_SCHEMA_MSG, VENTES_SCHEMA_MSG, VERSEMENTS_SCHEMA_MSG } from './shop';
export { UTILISATEURS_SCHEMA_MSG } from './utilisateurs';
export { COMMON_SCHEMA_MSG } from './validation';
