// The journeys' one Chromium, in its own process (tests/helpers/browser-setup.ts forks it): the
// Playwright server that relays every journey's commands and screenshots to the browser runs here,
// not in vitest's main process, which hosts the test runner. Sends the endpoint, closes on request
// or when vitest goes away.
import { launchBrowserServer } from './chromium';

const server = await launchBrowserServer();
process.send!({ wsEndpoint: server.wsEndpoint() });
const stop = () => void server.close().finally(() => process.exit(0));
process.on('message', stop);
process.on('disconnect', stop);
