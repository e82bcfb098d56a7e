import type { Outbound } from '../../../platform/net/index.js';
import type { Tool } from '../tool.js';
import { calculatorTool } from './calculator.js';
import { currentTimeTool } from './current-time.js';
import { webFetchTool } from './web-fetch.js';

/** The tools every agent may use without configuration (knowledge-base search joins with agents). */
export function builtinTools(deps: { outbound: Outbound }): Tool[] {
  return [currentTimeTool, calculatorTool, webFetchTool(deps.outbound)];
}
