import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ToolInputError } from '../../runtime/tools/index.js';

// Draft-07 is what OpenAPI 3.0 schemas are closest to; unknown keywords (`nullable`, `example`) and
// formats are ignored rather than refused, since imported documents are full of them.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, useDefaults: true });

const TYPE_LABELS: Record<string, string> = { string: '文本', number: '数字', integer: '整数', boolean: '布尔值', object: '对象', array: '数组', null: 'null' };

function describe(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '输入';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `缺少参数 ${error.instancePath ? `${where}.` : ''}${String(params.missingProperty)}`;
    case 'type':
      return `${where} 应为${String(params.type)
        .split(',')
        .map((type) => TYPE_LABELS[type] ?? type)
        .join('或')}`;
    case 'enum':
      return `${where} 只能是 ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join('、')} 之一`;
    case 'additionalProperties':
      return `不认识的参数 ${error.instancePath ? `${where}.` : ''}${String(params.additionalProperty)}`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${where} 不能小于 ${String(params.limit)}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${where} 不能大于 ${String(params.limit)}`;
    case 'minLength':
      return `${where} 至少 ${String(params.limit)} 个字符`;
    case 'maxLength':
      return `${where} 最多 ${String(params.limit)} 个字符`;
    case 'pattern':
      return `${where} 的格式不正确`;
    default:
      return `${where}：${error.message ?? '不符合要求'}`;
  }
}

/** Compiles an input schema; `undefined` when it is not a usable JSON Schema. */
export function compileInputSchema(schema: Record<string, unknown>): ValidateFunction | undefined {
  try {
    return ajv.compile(schema);
  } catch {
    return undefined;
  }
}

/** A `parseInput` for a JSON Schema: a copy of the input with defaults filled in, or a Chinese ToolInputError. */
export function jsonSchemaParser(validate: ValidateFunction): (input: unknown) => unknown {
  return (input) => {
    const copy = structuredClone(input ?? {});
    if (validate(copy)) return copy;
    const messages = [...new Set((validate.errors ?? []).map(describe))];
    throw new ToolInputError(messages.slice(0, 5).join('；'));
  };
}
