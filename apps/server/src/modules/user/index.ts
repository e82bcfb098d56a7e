import type { Config } from '../../config.js';
import type { Logger, ReferenceRegistry } from '../../core/index.js';
import type { Bus } from '../../platform/bus/index.js';
import type { Db } from '../../platform/db/index.js';
import type { SmsService } from '../sms/index.js';
import type { SystemService } from '../system/index.js';
import type { UsageService } from '../usage/index.js';
import { createLoginThrottle } from './login-throttle.service.js';
import { createSessionService } from './session.service.js';
import { createUserUsageService } from './user-usage.service.js';
import { createUserService } from './user.service.js';

export { userRoutes } from './user.routes.js';
export type { UserService } from './user.service.js';
export type { UserUsageService } from './user-usage.service.js';

export interface UserModuleDeps {
  db: Db;
  bus: Bus;
  log: Logger;
  config: Config;
  sms: SmsService;
  system: SystemService;
  usage: UsageService;
  /** Counts what each user owns, for the usage statistics. */
  references: ReferenceRegistry<Db>;
}

/** Accounts, sessions and sign-in throttling, wired together. */
export function createUserModule({ db, bus, log, config, sms, system, usage, references }: UserModuleDeps) {
  const sessions = createSessionService({ db, config, bus, log });
  const throttle = createLoginThrottle({ db, config });
  return {
    authenticator: sessions.authenticator,
    users: createUserService({ db, sessions, throttle, sms, system }),
    usageStats: createUserUsageService({ db, usage, references }),
  };
}
