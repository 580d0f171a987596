// CDK entry (`cdk.json` → `npx tsx infra/cdk/app.ts`): settings from context/environment, one
// stack `Ganaar-<stage>`. Runs offline: no lookups, no credentials needed to synthesize.
import { createGanaarApp } from './ganaar-app';

const { app } = createGanaarApp();
app.synth();
