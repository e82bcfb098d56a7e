/**
 * A safe arithmetic evaluator (no `eval`, no `Function`): numbers, + - * / % ^, parentheses, unary
 * signs, the constants pi and e, and a fixed list of functions. Throws `ArithmeticError` in Chinese.
 */
export class ArithmeticError extends Error {
  override name = 'ArithmeticError';
}

const FUNCTIONS: Record<string, { arity: [min: number, max: number]; apply: (...args: number[]) => number }> = {
  sqrt: { arity: [1, 1], apply: Math.sqrt },
  abs: { arity: [1, 1], apply: Math.abs },
  round: { arity: [1, 2], apply: (x, digits = 0) => Math.round(x * 10 ** digits) / 10 ** digits },
  floor: { arity: [1, 1], apply: Math.floor },
  ceil: { arity: [1, 1], apply: Math.ceil },
  sin: { arity: [1, 1], apply: Math.sin },
  cos: { arity: [1, 1], apply: Math.cos },
  tan: { arity: [1, 1], apply: Math.tan },
  ln: { arity: [1, 1], apply: Math.log },
  log: { arity: [1, 2], apply: (x, base = 10) => Math.log(x) / Math.log(base) },
  exp: { arity: [1, 1], apply: Math.exp },
  min: { arity: [1, 50], apply: Math.min },
  max: { arity: [1, 50], apply: Math.max },
};
const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };
const MAX_LENGTH = 1_000;
const MAX_DEPTH = 64;

type Token = { kind: 'number'; value: number } | { kind: 'name'; value: string } | { kind: 'op'; value: string };

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  const text = expression.replace(/[（]/g, '(').replace(/[）]/g, ')').replace(/[×]/g, '*').replace(/[÷]/g, '/').replace(/[，]/g, ',');
  let index = 0;
  while (index < text.length) {
    const rest = text.slice(index);
    const space = /^\s+/.exec(rest);
    const number = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(rest);
    const name = /^[a-zA-Z_]\w*/.exec(rest);
    if (space) index += space[0].length;
    else if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]) });
      index += number[0].length;
    } else if (name) {
      tokens.push({ kind: 'name', value: name[0].toLowerCase() });
      index += name[0].length;
    } else if ('+-*/%^(),'.includes(rest[0]!)) {
      const op = rest.startsWith('**') ? '^' : rest[0]!;
      tokens.push({ kind: 'op', value: op });
      index += rest.startsWith('**') ? 2 : 1;
    } else throw new ArithmeticError(`无法识别的字符「${rest[0]}」`);
  }
  return tokens;
}

/** Recursive descent: expression → term (+|- term)*; term → unary (*|/|% unary)*; unary → (+|-) unary | power; power → primary (^ unary)?. */
export function evaluateArithmetic(expression: string): number {
  if (expression.length > MAX_LENGTH) throw new ArithmeticError(`表达式过长（最多 ${MAX_LENGTH} 个字符）`);
  const tokens = tokenize(expression);
  if (tokens.length === 0) throw new ArithmeticError('表达式为空');
  let position = 0;
  let depth = 0;
  const peek = () => tokens[position];
  const isOp = (value: string) => peek()?.kind === 'op' && peek()?.value === value;
  const expect = (value: string) => {
    if (!isOp(value)) throw new ArithmeticError(`缺少「${value}」`);
    position += 1;
  };
  const nested = <T>(parse: () => T): T => {
    depth += 1;
    if (depth > MAX_DEPTH) throw new ArithmeticError('表达式嵌套过深');
    try {
      return parse();
    } finally {
      depth -= 1;
    }
  };

  function expression_(): number {
    let value = term();
    while (isOp('+') || isOp('-')) {
      const op = tokens[position++]!.value;
      const right = term();
      value = op === '+' ? value + right : value - right;
    }
    return value;
  }
  function term(): number {
    let value = unary();
    while (isOp('*') || isOp('/') || isOp('%')) {
      const op = tokens[position++]!.value;
      const right = unary();
      if ((op === '/' || op === '%') && right === 0) throw new ArithmeticError('除数不能为 0');
      value = op === '*' ? value * right : op === '/' ? value / right : value % right;
    }
    return value;
  }
  // Signs bind looser than powers (-3^2 is -9) and an exponent may carry one (2^-1).
  function unary(): number {
    if (isOp('-')) {
      position += 1;
      return -nested(unary);
    }
    if (isOp('+')) {
      position += 1;
      return nested(unary);
    }
    return power();
  }
  function power(): number {
    const base = primary();
    if (!isOp('^')) return base;
    position += 1;
    return base ** nested(unary);
  }
  function primary(): number {
    const token = peek();
    if (!token) throw new ArithmeticError('表达式不完整');
    position += 1;
    if (token.kind === 'number') return token.value;
    if (token.kind === 'op' && token.value === '(') {
      const value = nested(expression_);
      expect(')');
      return value;
    }
    if (token.kind === 'name') {
      if (Object.hasOwn(CONSTANTS, token.value) && !isOp('(')) return CONSTANTS[token.value]!;
      const fn = Object.hasOwn(FUNCTIONS, token.value) ? FUNCTIONS[token.value] : undefined;
      if (!fn) throw new ArithmeticError(`不支持的函数或常量「${token.value}」`);
      expect('(');
      const args = [nested(expression_)];
      while (isOp(',')) {
        position += 1;
        args.push(nested(expression_));
      }
      expect(')');
      const [min, max] = fn.arity;
      if (args.length < min || args.length > max) throw new ArithmeticError(`函数 ${token.value} 的参数个数不正确`);
      return fn.apply(...args);
    }
    throw new ArithmeticError(`此处不应出现「${token.value}」`);
  }

  const value = expression_();
  if (position < tokens.length) throw new ArithmeticError(`多余的「${String(tokens[position]!.value)}」`);
  if (!Number.isFinite(value)) throw new ArithmeticError('结果不是有限数（溢出或无意义的运算）');
  return value;
}

/** Up to 12 significant digits, without float noise like 0.30000000000000004. */
export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(12)));
}
