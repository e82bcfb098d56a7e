import { dbToolConfig } from '@agent-platform/contracts';
import { z } from 'zod';
import { AppError, parseInput, storedJson, type Viewer } from '../../core/index.js';
import { ToolFailure } from '../../runtime/tools/index.js';
import type { ToolRow, ToolSource } from '../tool/index.js';
import { rowTool } from '../tool/index.js';
import { structureText } from './asset-structure.js';
import type { AssetQueryRunner } from './asset-query.js';
import { toolAssetGone } from './data-asset.errors.js';
import type { DataAssetService } from './data-asset.service.js';

const DB_INPUT = {
  type: 'object',
  properties: { sql: { type: 'string', minLength: 1, description: '一条只读的 SELECT 语句（可以用 WITH），只能用工具说明中列出的表和列' } },
  required: ['sql'],
};
/** Rows of a result the model reads. */
const ROWS_SHOWN = 50;

// The asset's name when the tool was saved: what a failure names once the asset is gone or closed.
const storedConfig = storedJson('db tool config', { version: 1, schema: dbToolConfig.extend({ asset_name: z.string().default('') }) });

function rowsText(columns: string[], rows: unknown[][], truncated: boolean): string {
  const lines = [columns.join(' | '), ...rows.slice(0, ROWS_SHOWN).map((row) => row.map((cell) => (cell === null ? '' : String(cell))).join(' | '))];
  const more = rows.length > ROWS_SHOWN || truncated ? `\n（共 ${rows.length}${truncated ? '+' : ''} 行，只列出前 ${Math.min(rows.length, ROWS_SHOWN)} 行）` : '';
  return `${lines.join('\n')}${more}`;
}

/**
 * `kind: llm/db`: an agent tool bound to one data asset. The model sees the asset's tables (with their
 * notes) in the tool's description and writes one SQL statement; it runs the asset chat's path (the
 * guard, the read-only execution, the audit) as the caller, so a public tool does not open its
 * owner's private asset to others. Refusals and database errors come back as the tool's failure, in
 * Chinese, for the model to correct.
 */
export function assetToolSource({ assets, runQuery }: { assets: DataAssetService; runQuery: AssetQueryRunner }): ToolSource {
  return {
    storedConfig,
    // The asset's name stays on the server: the tool may be public, its asset private.
    show: (row) => ({ asset_id: storedConfig.read(row.config).asset_id }),
    async prepare(viewer, { config }) {
      const parsed = parseInput(dbToolConfig, config);
      const asset = await assets.usableAsset(viewer, parsed.asset_id);
      return { inputSchema: DB_INPUT, config: { ...parsed, asset_name: asset.name } };
    },
    async toTool(viewer, row: ToolRow) {
      const { asset_id, asset_name } = storedConfig.read(row.config);
      const gone = toolAssetGone(row.title || row.name, asset_name || asset_id);
      /** The asset, or a failure naming it when it was deleted or closed to this viewer. */
      const reachable = (who: Viewer) =>
        assets.usableAsset(who, asset_id).catch((error: unknown) => {
          if (error instanceof AppError) throw new ToolFailure(gone);
          throw error;
        });
      let description = row.description;
      try {
        const asset = await reachable(viewer);
        description = `${row.description}\n数据库：${(await assets.connectionOf(asset)).dbType}。可用的表：\n${structureText(await assets.structures(asset))}`.trim();
      } catch (error) {
        // An asset gone or out of reach fails the call, with its reason, rather than the whole agent turn.
        if (error instanceof ToolFailure) description = `${row.description}\n（${gone}）`.trim();
        else if (!(error instanceof AppError)) throw error;
      }
      return rowTool(
        { ...row, description },
        {
          async execute(input, context) {
            const asset = await reachable(context.viewer);
            try {
              const outcome = await runQuery.run(asset, await assets.connectionOf(asset), context.viewer.id, String(input.sql));
              if (!outcome.ok) throw new ToolFailure(outcome.reason);
              const { columns, rows, truncated, duration_ms } = outcome.result;
              return { output: rowsText(columns, rows, truncated), data: { sql: outcome.sql, columns, rows: rows.slice(0, ROWS_SHOWN), truncated, duration_ms } };
            } catch (error) {
              if (error instanceof AppError) throw new ToolFailure(error.message);
              throw error;
            }
          },
        },
      );
    },
  };
}
