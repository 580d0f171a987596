// Feed store routes: thin functions over the repository. The handler maps the route
// table's names (shared/api/routes/aliment.ts) to these exports.
export * from './achats';
export * from './consommations';
export * from './stock';
