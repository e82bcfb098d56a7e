// Table selection for large data assets: a generated schema of 1,000 tables (business terms drawn from
// domains, regions and report kinds, with comments, notes and synonyms, and columns sharing common
// words), and 200 generated questions naming their table's business terms, some only by a synonym.
// Goal: the right table in the top 5 for at least 95% of the questions.
import fs from 'node:fs';
import path from 'node:path';
import { rankTables } from '../apps/server/src/modules/data-asset/index.js';
import { ROOT } from './lib/servers.js';

const GOAL = 0.95;
const QUESTIONS = 200;
const DOMAINS: Array<[string, string, string]> = [
  ['order', '订单', '交易单'],
  ['member', '会员', '顾客'],
  ['stock', '库存', '存货'],
  ['purchase', '采购', '进货'],
  ['logistics', '物流', '配送'],
  ['finance', '财务', '账务'],
  ['store', '门店', '网点'],
  ['product', '商品', '货品'],
  ['promotion', '促销', '营销活动'],
  ['service', '客服', '售后'],
  ['warehouse', '仓储', '仓库'],
  ['supplier', '供应商', '供货方'],
  ['staff', '员工', '职工'],
  ['salary', '薪资', '工资'],
  ['attendance', '考勤', '出勤'],
  ['contract', '合同', '协议'],
  ['invoice', '发票', '票据'],
  ['refund', '退款', '退货款'],
  ['review', '评价', '点评'],
  ['advert', '广告', '投放'],
];
const REGIONS: Array<[string, string]> = [
  ['east', '华东'],
  ['south', '华南'],
  ['north', '华北'],
  ['southwest', '西南'],
  ['northwest', '西北'],
  ['northeast', '东北'],
  ['central', '华中'],
  ['overseas', '海外'],
  ['online', '线上'],
  ['direct', '直营'],
];
const REPORTS: Array<[string, string, string]> = [
  ['daily', '日报', '每日统计'],
  ['weekly', '周报', '每周统计'],
  ['monthly', '月报', '每月统计'],
  ['detail', '明细', '流水'],
  ['summary', '汇总', '合计'],
];
const MEASURES = ['金额', '数量', '次数', '人数', '时长'];

let seed = 7;
const random = (below: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % below;
};

const tables: Parameters<typeof rankTables>[0] = [];
for (const [domain, domainWord, domainSynonym] of DOMAINS) {
  for (const [region, regionWord] of REGIONS) {
    for (const [report, reportWord, reportSynonym] of REPORTS) {
      tables.push({
        name: `t_${region}_${domain}_${report}`,
        comment: `${regionWord}${domainWord}${reportWord}`,
        description: `${regionWord}地区的${domainWord}${reportWord}`,
        synonyms: [`${regionWord}${domainSynonym}${reportSynonym}`],
        columns: [
          { name: 'id', type: 'bigint', nullable: false, primary_key: true, comment: '编号' },
          { name: 'stat_date', type: 'date', nullable: false, primary_key: false, comment: '统计日期' },
          ...MEASURES.slice(0, 2 + random(3)).map((measure, index) => ({
            name: `${domain}_m${index}`,
            type: 'decimal(12,2)',
            nullable: true,
            primary_key: false,
            comment: `${domainWord}${measure}`,
            note: { name: `${domain}_m${index}`, description: '', synonyms: [`${domainSynonym}${measure}`], unit: '', code_meanings: '', sample_values: [] },
          })),
        ],
        foreign_keys: [],
      });
    }
  }
}

const questions = Array.from({ length: QUESTIONS }, (_, index) => {
  const target = tables[random(tables.length)]!;
  const [, domainWord, domainSynonym] = DOMAINS.find(([domain]) => target.name.includes(`_${domain}_`))!;
  const [, regionWord] = REGIONS.find(([region]) => target.name.startsWith(`t_${region}_`))!;
  const [, reportWord, reportSynonym] = REPORTS.find(([report]) => target.name.endsWith(`_${report}`))!;
  // Every third question names the domain and the report only by their synonyms.
  const bySynonym = index % 3 === 0;
  const measure = MEASURES[random(2)];
  const question = bySynonym ? `${regionWord}${domainSynonym}的${reportSynonym}里，${measure}最高的是哪天？` : `${regionWord}${domainWord}${reportWord}中上个月的${measure}合计是多少？`;
  return { question, target: target.name };
});

const started = performance.now();
let hits = 0;
for (const { question, target } of questions) {
  if (
    rankTables(tables, question)
      .slice(0, 5)
      .some((table) => table.name === target)
  )
    hits += 1;
}
const elapsedMs = performance.now() - started;
const recall = hits / questions.length;
const result = { tables: tables.length, questions: questions.length, recall_at_5: recall, ms_per_question: +(elapsedMs / questions.length).toFixed(1), met: recall >= GOAL };
console.table([result]);
console.log(
  `table selection: the right table in the top 5 for ${(recall * 100).toFixed(1)}% of ${questions.length} questions over ${tables.length} tables (goal ≥ ${GOAL * 100}%) — ${result.met ? 'met' : 'MISSED'}`,
);
fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench/results/table-selection.json'), JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2));
