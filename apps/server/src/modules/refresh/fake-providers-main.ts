// The fake provider server as its own small process (npm start without provider keys):
// prints "ready <base url>" when it listens on 127.0.0.1.
import { createFakeProviders } from './fake-providers.ts';

const fake = createFakeProviders();
const base = await fake.listen(Number(process.env.FAKE_PROVIDERS_PORT ?? 0));
process.stdout.write(`ready ${base}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
// Ends with the server that started it.
process.on('disconnect', () => void fake.close().then(() => process.exit(0)));
