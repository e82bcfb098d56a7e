import type { TagType } from '@agent-platform/contracts';

/** The kinds of things on the platform that refer to each other. */
export type ThingKind = 'model' | 'file' | 'knowledge_base' | 'agent' | 'tool' | 'service' | 'multi_agent' | 'data_asset' | 'datasource';

/** One thing that refers to another: `to` is the target's key (a model's lower-case name, otherwise an id). */
export interface ReferenceEdge {
  /** `ownerId`: given by references that only block their target's own owner (`othersLoseIt`). */
  from: { kind: ThingKind; id: string; name: string; ownerId?: string | null };
  to: string;
}

/** Things of kind `from` that refer to things of kind `to`, as the module owning `from` declares it. */
export interface Reference {
  from: ThingKind;
  /** The referrers' word in messages: 智能体, 知识库. */
  label: string;
  to: ThingKind;
  /** A target referred to this way may not be deleted (nor, for models, renamed). */
  blocksDelete: boolean;
  /**
   * With `blocksDelete`: only the target owner's own referrers block. Other users' referrers (their
   * agents using a public tool) do not hold the owner back: they lose the target, the owner is warned,
   * and they say what is gone when they run. Such edges carry `from.ownerId`.
   */
  othersLoseIt?: boolean;
  /** The referrers of these targets; without targets, every edge of this kind (the platform's topology). */
  find(targets?: string[]): Promise<ReferenceEdge[]>;
}

/** One thing as the topology draws it; `key` is what edges point at (a model's lower-case name, otherwise the id). */
export interface ThingNode {
  kind: ThingKind;
  id: string;
  key: string;
  name: string;
  ownerId: string | null;
  /** The owner's nickname (or user name); `null` for things without an owner. */
  ownerName: string | null;
  isPublic: boolean;
  tags: string[];
}

/** Every thing of one kind, as the module owning the kind lists it (for the topology). */
export interface ThingList {
  kind: ThingKind;
  list(): Promise<ThingNode[]>;
}

/** A count of what each user owns of one kind, for the usage statistics. */
export interface OwnedCount {
  /** A key of `OWNED_COUNT_LABELS`. */
  key: string;
  countByOwner(userIds: string[]): Promise<Map<string, number>>;
}

/**
 * Rows that store tag names of a type in a column: a renamed tag is renamed there, a deleted one
 * dropped. Called inside the tag change's transaction (`tx` is that transaction's `Db`).
 */
export interface TaggedColumn<Tx = never> {
  tagType: TagType;
  renameTag(tx: Tx, oldName: string, newName: string): Promise<void>;
  removeTags(tx: Tx, names: string[]): Promise<void>;
}

/** What one module refers to and owns: its part of the registry. */
export interface ModuleReferences<Tx = never> {
  references?: Reference[];
  things?: ThingList[];
  owned?: OwnedCount[];
  tagged?: Array<TaggedColumn<Tx>>;
}

/** The users of some targets through one reference, by name, in the order found. */
export interface UsersOf {
  label: string;
  names: string[];
}

export type ReferenceRegistry<Tx = never> = ReturnType<typeof createReferenceRegistry<Tx>>;

/**
 * The one registry of who refers to what, built once from every module's declarations (order kept:
 * it is the order of the names in refusals). It answers "what uses this?" for refusing deletes, the
 * owned counts of the usage statistics, the tag columns that follow renames, and the whole graph
 * (`things` and `edges`) for the topology.
 */
export function createReferenceRegistry<Tx>(modules: Array<ModuleReferences<Tx>>) {
  const references = modules.flatMap((module) => module.references ?? []);
  const owned = modules.flatMap((module) => module.owned ?? []);
  const things = modules.flatMap((module) => module.things ?? []);
  const tagged = modules.flatMap((module) => module.tagged ?? []);

  return {
    /**
     * Who keeps these targets from being deleted: per blocking reference to `kind`, the referrers' names
     * (each once). With `ownerId` (the targets' owner), references where others lose the target count
     * only that owner's referrers.
     */
    async usersOf(kind: ThingKind, targets: string[], ownerId?: string): Promise<UsersOf[]> {
      if (targets.length === 0) return [];
      const blocking = references.filter((reference) => reference.to === kind && reference.blocksDelete);
      const found = await Promise.all(
        blocking.map(async (reference) => {
          const edges = (await reference.find(targets)).filter((edge) => !reference.othersLoseIt || ownerId === undefined || edge.from.ownerId === ownerId);
          const byId = new Map(edges.map((edge) => [edge.from.id, edge.from.name]));
          return { label: reference.label, names: [...byId.values()] };
        }),
      );
      return found.filter((entry) => entry.names.length > 0);
    },

    /** How many of other users' things lose these targets of `ownerId` when they go (or stop being public). */
    async othersLosing(kind: ThingKind, targets: string[], ownerId: string): Promise<number> {
      if (targets.length === 0) return 0;
      const losing = references.filter((reference) => reference.to === kind && reference.othersLoseIt);
      const ids = await Promise.all(
        losing.map(async (reference) => (await reference.find(targets)).filter((edge) => edge.from.ownerId !== ownerId).map((edge) => `${edge.from.kind}:${edge.from.id}`)),
      );
      return new Set(ids.flat()).size;
    },

    /** Every reference on the platform, each with the kinds it joins. */
    async edges(): Promise<Array<ReferenceEdge & { toKind: ThingKind; blocksDelete: boolean }>> {
      const all = await Promise.all(references.map(async (reference) => (await reference.find()).map((edge) => ({ ...edge, toKind: reference.to, blocksDelete: reference.blocksDelete }))));
      return all.flat();
    },

    /** Every thing the modules list, of every kind (the topology's nodes). */
    async things(): Promise<ThingNode[]> {
      return (await Promise.all(things.map((list) => list.list()))).flat();
    },

    /** What each of these users owns, per declared count. */
    countOwned(userIds: string[]): Promise<Array<{ key: string; byOwner: Map<string, number> }>> {
      return Promise.all(owned.map(async (count) => ({ key: count.key, byOwner: await count.countByOwner(userIds) })));
    },

    /** The columns that store tag names of this type. */
    taggedColumns(tagType: TagType): Array<TaggedColumn<Tx>> {
      return tagged.filter((column) => column.tagType === tagType);
    },
  };
}

/** Edges from rows of one kind of referrer, each naming its target. */
export const edgesOf = (kind: ThingKind, rows: Array<{ id: string; name: string; target: string; ownerId?: string | null }>): ReferenceEdge[] =>
  rows.map((row) => ({ from: { kind, id: row.id, name: row.name, ...(row.ownerId === undefined ? {} : { ownerId: row.ownerId }) }, to: row.target }));

/** Each user as refusals name it: `智能体「客服」`. */
export const namedUsers = (users: UsersOf[]): string[] => users.flatMap(({ label, names }) => names.map((name) => `${label}「${name}」`));

/**
 * The warning answered when other users' agents lose a tool or service of this owner (`what`: 工具,
 * 服务) because it was `change` (被删除, 不再公开); nothing when none do. Their names are not given:
 * they may be private.
 */
export function othersLoseNotice(count: number, what: string, change: string): { warning: string } | undefined {
  if (count === 0) return undefined;
  return { warning: `另有 ${count} 个其他用户的智能体使用该${what}：${what}${change}后，它们将无法再使用它，对话时会提示该${what}已不可用` };
}
