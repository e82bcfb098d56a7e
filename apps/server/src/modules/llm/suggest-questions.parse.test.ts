import { describe, expect, it } from 'vitest';
import { parseSuggestedQuestions } from './suggest-questions.parse.js';

const THREE = ['如何开始使用？', '有哪些注意事项？', '能举个例子吗？'];

describe('parseSuggestedQuestions', () => {
  it('reads a JSON array, also inside code fences, after thinking, or among other words', () => {
    expect(parseSuggestedQuestions(JSON.stringify(THREE))).toEqual(THREE);
    expect(parseSuggestedQuestions(`\`\`\`json\n${JSON.stringify(THREE)}\n\`\`\``)).toEqual(THREE);
    expect(parseSuggestedQuestions(`<think>用户想知道 [什么]</think>${JSON.stringify(THREE)}`)).toEqual(THREE);
    expect(parseSuggestedQuestions(`好的，以下是问题：${JSON.stringify(THREE)} 希望有帮助`)).toEqual(THREE);
    expect(parseSuggestedQuestions(JSON.stringify(THREE.map((question) => ({ question }))))).toEqual(THREE);
  });

  it('reads numbered and bulleted lines', () => {
    expect(parseSuggestedQuestions('1. 如何开始使用？\n2、有哪些注意事项？\n3) 能举个例子吗？')).toEqual(THREE);
    expect(parseSuggestedQuestions('推荐问题：\n- “如何开始使用？”\n* **有哪些注意事项？**\n• 能举个例子吗？')).toEqual(THREE);
    expect(parseSuggestedQuestions('（1）如何开始使用？\n（2）有哪些注意事项？\n（3）能举个例子吗？')).toEqual(THREE);
  });

  it('keeps the first three distinct questions', () => {
    expect(parseSuggestedQuestions(JSON.stringify([...THREE, '第四个问题？']))).toEqual(THREE);
    expect(parseSuggestedQuestions(JSON.stringify(['如何开始使用？', '如何开始使用？', ...THREE.slice(1)]))).toEqual(THREE);
  });

  it('refuses garbage: prose, too few, empty or over-long questions', () => {
    expect(parseSuggestedQuestions('抱歉，我无法回答这个问题。')).toBeUndefined();
    expect(parseSuggestedQuestions('')).toBeUndefined();
    expect(parseSuggestedQuestions('["只有一个问题？"]')).toBeUndefined();
    expect(parseSuggestedQuestions(JSON.stringify(['', '  ', '问题？']))).toBeUndefined();
    expect(parseSuggestedQuestions(JSON.stringify(['长'.repeat(61), '问题二？', '问题三？']))).toBeUndefined();
    expect(parseSuggestedQuestions('[1, 2, 3]')).toBeUndefined();
  });
});
