// The business formulas of spec part 1 §9, by subject; every screen and the server import them from
// here so the batch detail, the dashboard and the running totals compute the same figures.
export * from './money';
export * from './period';
export * from './birds';
export * from './ruptures';
export * from './indicators';
export * from './sante';
export * from './aliment';
export * from './fiches';
export * from './oeufs';
export * from './releve';
