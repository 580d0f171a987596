// The two health plans every business starts with (docs/sante.md "Plans par défaut").
// Plain data, no zod: the screens, the server and the tests read them.
//
// Source: the indicative West African schedules of AviSmart (touremou/ERP-avicole,
// database/seeders/ReferentialSeeder.php, "Valeurs zootechniques INDICATIVES (contexte Afrique de
// l'Ouest / Guinée)"), step for step; for layers, the inactivated Newcastle vaccine by injection
// at about 10 weeks and at the start of lay that CIRAD's study of Newcastle disease on Senegalese
// layer farms describes (Revue d'élevage et de médecine vétérinaire des pays tropicaux, article
// 9662). Every default is INDICATIVE: a vet decides the farm's plan (docs/sante.md).
import type { BandeType } from '../breeds';

/** How a product is given (the plan editor's list; stored codes, words in shared/messages/sante.ts). */
export const VOIES = ['eau_de_boisson', 'goutte_oculaire', 'trempage_bec', 'nebulisation', 'injection', 'transfixion', 'aliment'] as const;
export type Voie = (typeof VOIES)[number];

export interface EtapePlan {
  /** Age of the birds in days; 0 is the day-old chick. */
  age: number;
  /** What is given and why (« Newcastle + bronchite infectieuse »). */
  intitule: string;
  voie: Voie;
  note?: string;
}

export interface PlanSante {
  id: number;
  nom: string;
  type: BandeType;
  /** A built-in plan: read-only, copied to be edited. */
  defaut: boolean;
  etapes: EtapePlan[];
}

/** Ids of the built-in plans; a business's own plans take ids above PLAN_ID_MIN. */
export const PLAN_DEFAUT_CHAIR = 1;
export const PLAN_DEFAUT_PONDEUSE = 2;
/** A business's own plans are numbered from here (its counter + PLAN_ID_MIN), never a built-in id. */
export const PLAN_ID_MIN = 100;

export const PLAN_INDICATIF = 'Indicatif, à valider avec votre vétérinaire';

export const PLANS_DEFAUT: readonly PlanSante[] = [
  {
    id: PLAN_DEFAUT_CHAIR,
    nom: 'Poulet de chair (indicatif)',
    type: 'chair',
    defaut: true,
    etapes: [
      { age: 1, intitule: 'Vitamines + électrolytes (anti-stress de démarrage)', voie: 'eau_de_boisson' },
      { age: 7, intitule: 'Newcastle + bronchite infectieuse (HB1 + H120)', voie: 'goutte_oculaire', note: "Ou dans l'eau de boisson" },
      { age: 14, intitule: 'Gumboro', voie: 'eau_de_boisson' },
      { age: 21, intitule: 'Newcastle, rappel (La Sota)', voie: 'eau_de_boisson' },
      { age: 28, intitule: 'Anticoccidien préventif (amprolium)', voie: 'eau_de_boisson', note: "Respecter le délai d'attente de l'étiquette" },
    ],
  },
  {
    id: PLAN_DEFAUT_PONDEUSE,
    nom: 'Poule pondeuse (indicatif)',
    type: 'pondeuse',
    defaut: true,
    etapes: [
      { age: 1, intitule: 'Vitamines AD3E + C (démarrage)', voie: 'eau_de_boisson' },
      {
        age: 7,
        intitule: 'Newcastle + bronchite infectieuse (HB1 + H120)',
        voie: 'goutte_oculaire',
        note: 'CIRAD (Sénégal) : un vaccin vivant donné bec par bec avec une injection de vaccin inactivé huileux protège mieux ; à voir avec votre vétérinaire',
      },
      { age: 14, intitule: 'Gumboro', voie: 'eau_de_boisson' },
      { age: 42, intitule: 'Variole aviaire', voie: 'transfixion', note: "Dans la membrane de l'aile" },
      { age: 56, intitule: 'Déparasitage interne (lévamisole)', voie: 'eau_de_boisson' },
      { age: 70, intitule: 'Newcastle, vaccin inactivé huileux', voie: 'injection', note: 'Vers 10 semaines (CIRAD)' },
      { age: 112, intitule: 'Newcastle, rappel avant la ponte (La Sota)', voie: 'eau_de_boisson' },
      // CIRAD places this injection "at the start of lay"; the age depends on the strain: placed
      // with AviSmart's pre-lay booster rather than at an age no source gives.
      { age: 112, intitule: 'Newcastle, vaccin inactivé huileux, rappel', voie: 'injection', note: "À l'entrée en ponte (CIRAD) ; l'âge dépend de la souche" },
    ],
  },
];
