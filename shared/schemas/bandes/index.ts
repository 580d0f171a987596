// Request schemas and answer types of the batch rows (spec part 1 §3, §5, §7), shared by the
// route table, the handlers, the dialogs of the SPA and the tests; one file per entity.
export * from './bande';
export * from './entries';
export * from './pesage';
export * from './collecte';
export * from './answers';
