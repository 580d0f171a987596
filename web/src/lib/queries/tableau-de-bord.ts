// The dashboard's queries live in its feature (features/tableau-de-bord/api); their keys start here
// because the batch screens refresh them after every entry (and the device's offline copy keeps
// them, lib/offline/persist.ts).

/** The start of every dashboard query key: invalidating it reloads them all. */
export const dashboardKey: readonly string[] = ['dashboard'];
