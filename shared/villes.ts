// The towns a seller may place an online product in and a buyer may search by: a fixed list of real
// towns of Senegal and Côte d'Ivoire with their region, so the marketplace cannot be spread over
// invented names (a town filter then finds every product of a town, whatever its spelling).
//
// Sources (administrative divisions in force in 2026):
// - Senegal: 14 regions — loi n° 72-02 du 1er février 1972 as amended, the three last regions
//   (Kaffrine, Kédougou, Sédhiou) by décret n° 2008-1025 du 10 septembre 2008; departments and
//   communes as listed by the ANSD (Agence nationale de la Statistique et de la Démographie,
//   « Situation économique et sociale régionale »). Keur Massar is a department of the Dakar region
//   since 2021 (loi n° 2021-04): not checked against the Journal officiel here.
// - Côte d'Ivoire: décret n° 2011-263 du 28 septembre 2011 portant organisation du territoire
//   national en districts et en régions: 31 regions and 2 autonomous districts (Abidjan,
//   Yamoussoukro); each region below is given with its chef-lieu, then a few large communes.
//   Songon as a commune of the Abidjan district: not checked against the décret here.
// Plain data (no zod): the public storefront page imports it and must stay small.

export type PaysVille = 'sn' | 'ci';

export interface Ville {
  nom: string;
  region: string;
  pays: PaysVille;
}

export const PAYS_VILLE_LABELS: Record<PaysVille, string> = { sn: 'Sénégal', ci: "Côte d'Ivoire" };

const sn = (region: string, ...noms: string[]): Ville[] => noms.map((nom) => ({ nom, region, pays: 'sn' as const }));
const ci = (region: string, ...noms: string[]): Ville[] => noms.map((nom) => ({ nom, region, pays: 'ci' as const }));

export const VILLES: readonly Ville[] = [
  ...sn('Dakar', 'Dakar', 'Pikine', 'Guédiawaye', 'Rufisque', 'Keur Massar', 'Bargny', 'Diamniadio', 'Sébikotane'),
  ...sn('Thiès', 'Thiès', 'Mbour', 'Tivaouane', 'Joal-Fadiouth', 'Pout', 'Khombole', 'Mékhé'),
  ...sn('Diourbel', 'Diourbel', 'Touba', 'Mbacké', 'Bambey'),
  ...sn('Fatick', 'Fatick', 'Foundiougne', 'Gossas', 'Sokone'),
  ...sn('Kaolack', 'Kaolack', 'Nioro du Rip', 'Guinguinéo'),
  ...sn('Kaffrine', 'Kaffrine', 'Birkelane', 'Koungheul', 'Malem-Hodar'),
  ...sn('Kolda', 'Kolda', 'Vélingara', 'Médina Yoro Foulah'),
  ...sn('Sédhiou', 'Sédhiou', 'Bounkiling', 'Goudomp'),
  ...sn('Ziguinchor', 'Ziguinchor', 'Bignona', 'Oussouye'),
  ...sn('Tambacounda', 'Tambacounda', 'Bakel', 'Goudiry', 'Koumpentoum'),
  ...sn('Kédougou', 'Kédougou', 'Salémata', 'Saraya'),
  ...sn('Matam', 'Matam', 'Ourossogui', 'Kanel', 'Ranérou'),
  ...sn('Saint-Louis', 'Saint-Louis', 'Richard-Toll', 'Dagana', 'Podor'),
  ...sn('Louga', 'Louga', 'Kébémer', 'Linguère', 'Dahra'),
  ...ci("District autonome d'Abidjan", 'Abidjan', 'Bingerville', 'Anyama', 'Songon'),
  ...ci('District autonome de Yamoussoukro', 'Yamoussoukro'),
  ...ci('Agnéby-Tiassa', 'Agboville', 'Tiassalé'),
  ...ci('Bafing', 'Touba'),
  ...ci('Bagoué', 'Boundiali'),
  ...ci('Bélier', 'Toumodi'),
  ...ci('Béré', 'Mankono'),
  ...ci('Bounkani', 'Bouna'),
  ...ci('Cavally', 'Guiglo'),
  ...ci('Folon', 'Minignan'),
  ...ci('Gbêkê', 'Bouaké'),
  ...ci('Gbôklé', 'Sassandra'),
  ...ci('Gôh', 'Gagnoa', 'Oumé'),
  ...ci('Gontougo', 'Bondoukou'),
  ...ci('Grands-Ponts', 'Dabou', 'Jacqueville'),
  ...ci('Guémon', 'Duékoué'),
  ...ci('Hambol', 'Katiola'),
  ...ci('Haut-Sassandra', 'Daloa', 'Issia'),
  ...ci('Iffou', 'Daoukro'),
  ...ci('Indénié-Djuablin', 'Abengourou'),
  ...ci('Kabadougou', 'Odienné'),
  ...ci('La Mé', 'Adzopé'),
  ...ci('Lôh-Djiboua', 'Divo', 'Lakota'),
  ...ci('Marahoué', 'Bouaflé', 'Sinfra'),
  ...ci('Moronou', 'Bongouanou'),
  ...ci('Nawa', 'Soubré'),
  ...ci("N'Zi", 'Dimbokro'),
  ...ci('Poro', 'Korhogo'),
  ...ci('San-Pédro', 'San-Pédro', 'Tabou'),
  ...ci('Sud-Comoé', 'Aboisso', 'Grand-Bassam'),
  ...ci('Tchologo', 'Ferkessédougou'),
  ...ci('Tonkpi', 'Man', 'Danané'),
  ...ci('Worodougou', 'Séguéla'),
];

/**
 * How a typed town is compared with the list: accents, case, hyphens, apostrophes and spaces do not
 * count (`saint louis`, `SAINT-LOUIS` and `Saint Louis` are one town), `St` is `Saint`.
 */
export function villeCle(v: string): string {
  return v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[-'’_.,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^st /, 'saint ');
}

const byKey = new Map<string, string>();
for (const v of VILLES) byKey.set(villeCle(v.nom), v.nom);

/**
 * The town of the list a typed name stands for (its spelling in the list), or null. A name two
 * countries share (Touba) is one town name: the product's country tells them apart.
 */
export function villeDeLaListe(v: string): string | null {
  return byKey.get(villeCle(v)) ?? null;
}

/** Every town name once, in list order (the selects' options). */
export const NOMS_VILLES: readonly string[] = [...new Set(VILLES.map((v) => v.nom))];
