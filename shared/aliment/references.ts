// The poultry figures behind the daily sheet's bound and the water alert, each with the
// source it was read in, or the honest statement that none gave it (docs/aliment.md « Sources »).
// Nothing here is a farm's target: the water bound is a guard against typing errors, the alert's
// share a default marked « indicatif » that each business may replace by its own (decision 0242).

/**
 * Most water one bird alive may drink in a day, litres: a GUARD AGAINST TYPING ERRORS (a litre
 * typed for a millilitre, a zero too many), not a poultry fact. The highest published intakes read:
 * - broilers: Pesti, Amato & Minear, « Water consumption of broiler chickens under commercial
 *   conditions », Poultry Science 64:803-808 (1985): 5.28 ml × age in days per bird a day, 5.7 ml
 *   in the warmest months, i.e. about 0.32 l at 56 days; water:feed ratio 1.77 (read on studylib.net,
 *   doc 27131098, abstract);
 * - layers: no breeder guide (Hy-Line, Lohmann) was readable; farm-press figures put a laying hen
 *   at 0.23–0.28 l a day (mobilekropper.com) and « up to 500 ml » (thecountrysmallholder.com).
 * One litre is about three times the broilers' figure and twice the highest layer figure: a sheet
 * above it is a typing error, whatever the heat.
 */
export const EAU_MAX_LITRES_PAR_SUJET = 1;

/**
 * The water alert: a batch's water of a day below the average of its previous days by MORE than
 * this share (%). « Indicatif »: the guides read (Missouri Extension G8904, « Control of poultry
 * disease outbreaks »: « a slump in feed and/or water consumption is usually the best early
 * indicator »; M. McCreesh, Poultry Sense: intakes « static or reduced for more than two
 * consecutive days » point to disease) give no share; 20 % is well above the day-to-day noise of a
 * growing flock, whose water rises every day. Only the DEFAULT: no source giving the share, the
 * business sets its own (5–90 %, POST api/aliment/seuil `baisse_eau_pct`, kept on the feed ledger's
 * item; decision 0242), the screen saying « indicatif : aucune source publiée ».
 */
export const EAU_BAISSE_ALERTE_PCT = 20;

/** The previous days the average is taken over (the days with water recorded among them count). */
export const EAU_ALERTE_JOURS = 7;

/** At least this many of those days must have their water recorded: fewer, no average, no alert. */
export const EAU_ALERTE_HISTORIQUE_MIN = 3;
