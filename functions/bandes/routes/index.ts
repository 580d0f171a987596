// Batch routes (spec part 1 §7): thin functions over the repository, one module per screen area.
// The handler maps the route table's names (shared/api/routes/bandes.ts) to these exports.
export * from './bandes';
export * from './tableau-de-bord';
export * from './entries';
export * from './records';
export * from './races';
export * from './fiches';
export * from './oeufs';
