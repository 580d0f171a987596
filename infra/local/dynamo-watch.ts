// DynamoDB Local may die under the server (a kill, the OOM killer, a crash of Java): with data on
// disk it is started again on the same port (the handlers' clients keep their endpoint) and the
// API answers 503 meanwhile; in memory its data is gone, so the stack says so and stops serving.
import { startDynamoLocal, type DynamoLocal } from './dynamo';
import { ensureTable } from './table';

const MSG_DB_RESTARTING = 'La base de données locale redémarre, réessayez dans quelques secondes.';

export interface DynamoWatch {
  /** The running DynamoDB Local (a new process after a restart, on the same port). */
  current(): DynamoLocal;
  /** Why the API cannot answer now (restarting, or gone for good), else null. */
  down(): string | null;
  /** The stack is closing: an exit from now on is expected. */
  stop(): void;
}

export function watchDynamoLocal(first: DynamoLocal, opts: { dynamoDir: string | null; tableName: string; onFatal?: (message: string) => void }): DynamoWatch {
  const { dynamoDir, tableName } = opts;
  let dynamo = first;
  let dynamoDown: string | null = null;
  let closing = false;
  const restarts: number[] = [];
  const fatal = (message: string) => {
    dynamoDown = message;
    if (opts.onFatal) opts.onFatal(message);
    else console.error(message);
  };
  const watchDynamo = (d: DynamoLocal) =>
    d.onUnexpectedExit((reason) => {
      if (closing) return;
      dynamoDown = MSG_DB_RESTARTING;
      console.error(`DynamoDB Local s'est arrêté (${reason}).`);
      if (!dynamoDir) return fatal(`DynamoDB Local s'est arrêté (${reason}) et ses données en mémoire sont perdues : relancez la pile.`);
      const now = Date.now();
      while (restarts.length && now - restarts[0] > 300_000) restarts.shift();
      if (restarts.length >= 3)
        return fatal(
          `DynamoDB Local s'est arrêté ${restarts.length + 1} fois en 5 minutes (${reason}) : Ganaar s'arrête. Vérifiez la mémoire libre et Java, puis relancez npm start.`,
        );
      restarts.push(now);
      void (async () => {
        try {
          dynamo = await startDynamoLocal({ dataDir: dynamoDir, port: Number(new URL(d.endpoint).port) });
          watchDynamo(dynamo);
          await ensureTable(dynamo.endpoint, tableName);
          dynamoDown = null;
          console.error('DynamoDB Local a redémarré ; les données sont intactes.');
        } catch (err) {
          fatal(`DynamoDB Local n'a pas pu redémarrer : ${(err as Error).message}`);
        }
      })();
    });
  watchDynamo(dynamo);

  return {
    current: () => dynamo,
    down: () => dynamoDown,
    stop: () => {
      closing = true;
    },
  };
}
