import path from 'node:path';
import { AUDIT_RETENTION_DAYS_PROPERTY } from '@agent-platform/contracts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createReferenceRegistry, type ReferenceRegistry } from './core/index.js';
import { serializeErrorWithoutValues, WriteBehind, type Database, type Db } from './platform/db/index.js';
import { acceptEmptyJsonBodies, installErrorHandling, installMultipart, installSecurityHeaders, serveWebApp } from './platform/http/index.js';
import { createDocumentWorkers } from './platform/documents/index.js';
import { createOutbound } from './platform/net/index.js';
import { openSecretBox } from './platform/security/index.js';
import { agentReferences, agentRoutes, createAgentModule } from './modules/agent/index.js';
import { agentChatRoutes, createAgentChatService } from './modules/agent-chat/index.js';
import { auditRoutes, createAuditService } from './modules/audit/index.js';
import { agentPublishRoutes, createAgentPublishModule } from './modules/agent-publish/index.js';
import { agentMcpRoutes, createAgentMcp } from './modules/agent-mcp/index.js';
import { createMaModule, maReferences, maRoutes, othersSetupsUsing } from './modules/multi-agent/index.js';
import { createMaChatService, maChatRoutes } from './modules/multi-agent-chat/index.js';
import { conversationRoutes, createConversationService, createTitleWriter } from './modules/conversation/index.js';
import { createFileModule, FILE_UPLOAD_URLS, fileRoutes, MAX_FILES_PER_REQUEST, readChatAttachments, type ReadChatAttachments } from './modules/files/index.js';
import { createKnowledgeModule, dictionaryRoutes, knowledgeReferences, knowledgeRoutes, retrievalRoutes } from './modules/knowledge/index.js';
import { createLlmModule, llmReferences, llmRoutes, type LlmService } from './modules/llm/index.js';
import { createDatasourceModule, datasourceReferences, datasourceRoutes } from './modules/datasource/index.js';
import { createDepsService, createProcessReports, depsRoutes } from './modules/deps/index.js';
import { createDataAssetModule, dataAssetReferences, dataAssetRoutes } from './modules/data-asset/index.js';
import { createPlaygroundService, playgroundRoutes } from './modules/playground/index.js';
import { createKbChatService, kbChatRoutes } from './modules/kb-chat/index.js';
import { createSmsProviderResolver, createSmsService, logSmsProvider, smsRoutes, type SmsProvider } from './modules/sms/index.js';
import { createSystemService, DEFAULT_AUDIT_RETENTION_DAYS, systemRoutes } from './modules/system/index.js';
import { createMcpModule, mcpReferences, mcpRoutes, type McpCatalog } from './modules/mcp/index.js';
import { createTagModule, tagRoutes } from './modules/tag/index.js';
import { createToolModule, toolReferences, toolRoutes } from './modules/tool/index.js';
import { createUsageService } from './modules/usage/index.js';
import { createUserModule, userRoutes } from './modules/user/index.js';
import { createRemovedThings, createTopologyService, topologyRoutes } from './modules/topology/index.js';
import { createUsageSummaryService, usageSummaryRoutes } from './modules/usage-summary/index.js';
import { readBuildInfo, versionRoutes } from './modules/version/index.js';
import { createJobQueue, type JobQueue } from './runtime/jobs/index.js';
import { scheduleUpkeep } from './upkeep.js';
import { createRunService, runRoutes, type RunService } from './runtime/runs/index.js';
import { builtinTools } from './runtime/tools/index.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Stands in for the `log` SMS provider: tests read the codes it is given. */
  smsProvider?: SmsProvider;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Tests add routes that drive services directly (e.g. runs with a scripted executor). */
  extend?: (app: FastifyInstance, services: { runs: RunService; llm: LlmService; jobs: JobQueue; mcp: McpCatalog; references: ReferenceRegistry<Db> }) => void;
}

const API_PREFIXES = ['/api/', '/ai-sdk-api/', '/v1/'];

/** The composition root: platform, then modules, then the web app. No `listen()`: tests use `inject`. */
export async function buildApp({ config, database, smsProvider, logStream, extend }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, serializers: { err: serializeErrorWithoutValues }, stream: logStream ?? process.stdout },
    // Per-request lines cost throughput; errors and refusals are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
  });

  app.addHook('onRoute', (routeOptions) => {
    const isApi = API_PREFIXES.some((prefix) => routeOptions.url.startsWith(prefix));
    if (isApi && !routeOptions.config?.access) {
      throw new Error(`route ${routeOptions.method} ${routeOptions.url} does not declare who may call it`);
    }
  });
  installSecurityHeaders(app);
  acceptEmptyJsonBodies(app, config.BODY_LIMIT_BYTES);
  installErrorHandling(app, config.BODY_LIMIT_BYTES);
  // Only these calls take multipart bodies; every other call refuses them.
  await installMultipart(app, { fileSize: config.UPLOAD_MAX_BYTES, files: MAX_FILES_PER_REQUEST }, [...FILE_UPLOAD_URLS, '/api/kb/upload_docs']);

  const { db } = database;
  // Stored secrets (model API keys, custom tools' and MCP services' credentials, the SMS access key secret) are encrypted with SECRET_KEY, or a key kept in DATA_DIR.
  const secrets = openSecretBox(config.SECRET_KEY, path.join(config.dataDir, 'secret.key'));
  if (!config.SECRET_KEY && database.dialect === 'postgres') {
    app.log.warn('SECRET_KEY is not set: using DATA_DIR/secret.key; every server process must share the same key to read stored API keys');
  }
  const system = createSystemService({ db, secrets });
  await system.seedDefaults();
  // Before any other route: calls that declare `audit` record through it.
  auditRoutes(app, createAuditService({ db }));
  // Rows nobody reads at once (new runs, their events and steps, chat questions and answers, usage rows) share one statement every few tens of milliseconds.
  const writes = new WriteBehind(db);
  const usage = createUsageService({ db, writes });
  const conversations = createConversationService({ db, writes, titles: createTitleWriter({ db, log: app.log, enabled: config.CONVERSATION_TITLES === 'model' }) });
  // Who refers to what, declared by each module; the order is the order refusals name the users in.
  const references = createReferenceRegistry<Db>([
    { owned: conversations.counters() },
    llmReferences(db),
    knowledgeReferences(db),
    agentReferences(db),
    maReferences(db),
    toolReferences(db),
    mcpReferences(db),
    dataAssetReferences(db),
    datasourceReferences(db),
  ]);
  const tags = createTagModule({ db, references });
  const outbound = createOutbound({ allowedHosts: config.OUTBOUND_ALLOWED_HOSTS });
  app.addHook('onClose', () => outbound.close());
  const sms = createSmsService({
    db,
    system,
    resolveProvider: createSmsProviderResolver({
      system,
      outbound,
      serverProvider: config.SMS_PROVIDER,
      serverWebhookUrl: config.SMS_WEBHOOK_URL,
      logProvider: smsProvider ?? logSmsProvider(app.log),
    }),
    log: app.log,
    limits: { perAddressPerHour: config.SMS_MAX_PER_IP_PER_HOUR, perHour: config.SMS_MAX_PER_HOUR, challengeAfter: config.SMS_CHALLENGE_AFTER },
  });
  const llm = createLlmModule({ db, bus: database.bus, config, log: app.log, usage, secrets, outbound, references });
  const user = createUserModule({ db, bus: database.bus, log: app.log, config, sms, system, usage, references });
  app.decorate('authenticator', user.authenticator);
  const files = createFileModule({ db, config, log: app.log, references });

  const runs = createRunService({ db, writes, bus: database.bus, log: app.log });
  await runs.sweep();
  app.addHook('onClose', () => runs.close());
  const jobs = createJobQueue({ db, bus: database.bus, log: app.log, leaseMs: config.JOB_LEASE_SECONDS * 1000 });
  app.addHook('onClose', () => jobs.close());
  const knowledge = createKnowledgeModule({
    db,
    bus: database.bus,
    log: app.log,
    jobs,
    files: files.service,
    llm: llm.service,
    tags: tags.tags,
    references,
    indexRebuildBatch: config.KB_INDEX_REBUILD_BATCH,
  });
  app.addHook('onClose', () => knowledge.close());
  // Before any job or request opens a transaction: PGlite has one connection, and the check needs it.
  await knowledge.vectors.available();
  await knowledge.enqueueIndexRebuilds();

  // Names of tools and services deleted while other users' agents used them: those agents say what is gone.
  const removed = createRemovedThings(db);
  const mcp = createMcpModule({ db, bus: database.bus, config, secrets, outbound, tags: tags.tags, references, removed });
  app.addHook('onClose', () => mcp.close());
  const datasource = createDatasourceModule({ db, outbound, secrets, statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS, connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS });
  app.addHook('onClose', () => datasource.close());
  const dataAssets = createDataAssetModule({
    db,
    datasources: datasource.datasources,
    access: datasource.access,
    statementTimeoutMs: datasource.statementTimeoutMs,
    llm: llm.service,
    conversations,
    runs,
    references,
    tags: tags.tags,
  });
  const toolModule = createToolModule({
    db,
    outbound,
    secrets,
    llm: llm.service,
    files: files.service,
    retriever: knowledge.retriever,
    checkKb: (viewer, kbId) => knowledge.kbs.getKb(viewer, kbId),
    builtins: builtinTools({ outbound }),
    tags: tags.tags,
    references,
    removed,
    moreSources: { service: mcp.toolSource, 'llm/db': dataAssets.toolSource },
  });
  const agentModule = createAgentModule({
    db,
    bus: database.bus,
    cacheSeconds: config.AGENT_CACHE_SECONDS,
    llm: llm.service,
    tags: tags.tags,
    references,
    othersSetupsUsing: othersSetupsUsing(db),
    resolveTools: (viewer, ids) => toolModule.catalog.resolveTools(viewer, ids),
    getKb: async (viewer, kbId) => (await knowledge.kbs.getKb(viewer, kbId))[0]!,
    getService: (viewer, serviceId) => mcp.registry.getServiceById(viewer, serviceId),
  });

  userRoutes(app, user.users, user.usageStats);
  runRoutes(app, runs);
  conversationRoutes(app, conversations);
  llmRoutes(app, llm);
  fileRoutes(app, files.service, config.FILE_SIGNED_URL_TTL_SECONDS, config.PUBLIC_URL);
  knowledgeRoutes(app, knowledge);
  retrievalRoutes(app, knowledge.retriever);
  dictionaryRoutes(app, knowledge.dictionaries);
  // Files attached to chat questions are parsed off the main thread (a worker starts on first use).
  const chatDocuments = createDocumentWorkers({ size: 1 });
  app.addHook('onClose', () => chatDocuments.close());
  const readAttachments: ReadChatAttachments = (viewer, fileIds, options) => readChatAttachments(files.service, chatDocuments, viewer, fileIds, options);
  kbChatRoutes(app, createKbChatService({ llm: llm.service, conversations, runs, retriever: knowledge.retriever, readAttachments }));
  playgroundRoutes(app, createPlaygroundService({ llm: llm.service, conversations, runs, readAttachments }));
  smsRoutes(app, sms);
  systemRoutes(app, system);
  tagRoutes(app, tags.admin);
  toolRoutes(app, toolModule);
  mcpRoutes(app, mcp);
  agentRoutes(app, agentModule);
  datasourceRoutes(app, datasource);
  dataAssetRoutes(app, dataAssets);
  // What running an agent needs: agent chat, and each member of a multi-agent chat.
  const agentRunning = {
    db,
    log: app.log,
    llm: llm.service,
    conversations,
    retriever: knowledge.retriever,
    tools: toolModule.catalog,
    mcp: mcp.catalog,
    toolTimeoutMs: config.AGENT_TOOL_TIMEOUT_MS,
    runs,
    agents: agentModule.registry,
    readAttachments,
  };
  const agentChat = createAgentChatService(agentRunning);
  agentChatRoutes(app, agentChat);
  const multiAgent = createMaModule({ db, agents: agentModule.registry, llm: llm.service, tags: tags.tags });
  maRoutes(app, multiAgent.setups);
  const maChat = createMaChatService({ ...agentRunning, setups: multiAgent.registry });
  maChatRoutes(app, maChat);
  const agentPublish = createAgentPublishModule({ db, agents: agentModule.registry, setups: multiAgent.registry, runner: agentChat, setupRunner: maChat, log: app.log });
  agentPublishRoutes(app, agentPublish);
  const agentMcp = createAgentMcp({
    gate: agentPublish.gate,
    runners: { agent: agentChat, setup: maChat },
    subjects: { agent: (viewer, id) => agentModule.registry.getUsableAgent(viewer, id), setup: (viewer, id) => multiAgent.registry.getUsableSetup(viewer, id) },
    log: app.log,
  });
  app.addHook('onClose', () => agentMcp.close());
  agentMcpRoutes(app, agentMcp);
  topologyRoutes(app, createTopologyService({ references }));
  usageSummaryRoutes(app, createUsageSummaryService({ db }));
  // Every process answers the health page's ask for its version, memory and job workers.
  const processes = createProcessReports({ bus: database.bus, log: app.log, version: readBuildInfo().id, workers: () => jobs.workers() });
  app.addHook('onClose', async () => processes.close());
  depsRoutes(app, createDepsService({ database, store: files.store, processes, probes: [llm.health, mcp.health, datasource.health] }));
  versionRoutes(app, database.ping);
  const auditRetentionDays = () => system.numberValue(AUDIT_RETENTION_DAYS_PROPERTY, DEFAULT_AUDIT_RETENTION_DAYS);
  const stopUpkeep = await scheduleUpkeep({ config, database, jobs, log: app.log, auditRetentionDays });
  app.addHook('onClose', async () => stopUpkeep());
  jobs.start();
  extend?.(app, { runs, llm: llm.service, jobs, mcp: mcp.catalog, references });

  if (config.WEB_DIST) await serveWebApp(app, config.WEB_DIST);
  return app;
}
