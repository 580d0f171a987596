// Flock health routes: thin functions over the repository, one module per screen area.
// The handler maps the route table's names (shared/api/routes/sante.ts) to these exports.
export * from './plans';
export * from './calendrier';
export * from './traitements';
export * from './a-faire';
