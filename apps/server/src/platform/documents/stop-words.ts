// Words too common to help find a passage: question words in particular (哪, 什么, how) are in the
// question but rarely in the answer. Negations (不, 没有, not, no) are kept: they change the meaning.
const CHINESE = `的 地 得 了 着 过 和 与 及 以及 或 或者 是 在 就 都 而 而且 并且 也 还 又 被 把 让 给 向 从 对 于 之 其
这 那 这个 那个 这些 那些 这里 那里 一个 一些 有 吗 呢 吧 啊 呀 哦 么 嘛 啦 哪 哪里 哪些 哪个 什么 怎么 怎样 怎么样
如何 为什么 为何 是否 多少 几 请问 请 我 你 您 他 她 它 我们 你们 他们 她们 它们 自己 但是 但 如果 因为 所以 因此 还是
很 更 最 等 等等 会 能 可以 要 将 已 已经 该 此 些 个 所 为 以 由 呢 吗`;

const ENGLISH = `a an the and or but if then else of to in on at by for with about from into over under as is are was were be
been being am do does did doing have has had having it its this that these those there here what which who whom whose
when where why how i me my we our you your he him his she her they them their so than too very can will just should
would could s t`;

export const STOP_WORDS: ReadonlySet<string> = new Set(`${CHINESE} ${ENGLISH}`.split(/\s+/).filter(Boolean));
