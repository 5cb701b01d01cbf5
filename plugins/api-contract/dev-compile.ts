/**
 * The contract compiled into the contract cache (node/contract/cache.ts `fillContractCache`), in a
 * process of its own: the dev server's first start runs this beside its config load
 * (dev-prestart.ts). It prints nothing; a contract that does not compile is reported by the dev
 * server's own load, which then compiles it again and names the problem once.
 */
import {fillContractCache} from '#node/contract/cache';

fillContractCache().then(
  () => process.exit(0),
  () => process.exit(1),
);
