import type { Readable } from 'node:stream';
import { multimodalToolConfig } from '@agent-platform/contracts';
import { AppError, badInput, parseInput, storedJson, type Viewer } from '../../core/index.js';
import { boundedRequest, OutboundError, OutboundRefused, type Outbound } from '../../platform/net/index.js';
import { ToolFailure } from '../../runtime/tools/index.js';
import type { FileService } from '../files/index.js';
import type { LlmService } from '../llm/index.js';
import { rowTool, type ToolSource } from './tool-sources.js';

const storedConfig = storedJson('multimodal tool config', { version: 1, schema: multimodalToolConfig });
const MAX_MEDIA_BYTES = 20 * 1024 * 1024;
const DEFAULT_VISION_PROMPT = '请详细描述这张图片的内容。';

const VISION_INPUT = {
  type: 'object',
  properties: {
    image_url: { type: 'string', description: '图片网址（http/https）' },
    file_id: { type: 'string', description: '文件管理中图片的文件 id' },
    question: { type: 'string', description: '关于图片想问的问题（可选）' },
  },
};
const STT_INPUT = {
  type: 'object',
  properties: { file_id: { type: 'string', description: '文件管理中音频文件的 id' } },
  required: ['file_id'],
};

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_MEDIA_BYTES) {
      stream.destroy();
      throw new ToolFailure('文件过大（超过 20 MB）');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * `kind: llm/multimodal`: an image described by a vision model, or audio transcribed by an stt model.
 * Runs as the caller: their files, and the model as they may use it.
 */
export function multimodalToolSource({ llm, files, outbound }: { llm: LlmService; files: FileService; outbound: Outbound }): ToolSource {
  async function fileBytes(viewer: Viewer, fileId: string, kind: 'image' | 'audio') {
    const file = await files.openForViewer(viewer, fileId);
    const mime = file.entry.mime ?? '';
    if (kind === 'image' && !mime.startsWith('image/')) throw new ToolFailure(`文件「${file.entry.name}」不是图片`);
    return { bytes: await readAll(await file.open()), mime, name: file.entry.name };
  }

  async function imageDataUrl(viewer: Viewer, input: Record<string, unknown>, signal: AbortSignal): Promise<string> {
    if (typeof input.file_id === 'string' && input.file_id) {
      const { bytes, mime } = await fileBytes(viewer, input.file_id, 'image');
      return `data:${mime};base64,${bytes.toString('base64')}`;
    }
    if (typeof input.image_url !== 'string' || !input.image_url) throw new ToolFailure('请提供图片网址 image_url 或图片文件 file_id');
    if (input.image_url.startsWith('data:image/')) return input.image_url;
    try {
      const response = await boundedRequest(outbound, { url: input.image_url, access: { trusted: false }, maxBytes: MAX_MEDIA_BYTES, timeoutMs: 15_000, signal });
      const mime = (response.headers['content-type'] ?? '').split(';')[0]!.trim();
      if (response.status >= 400) throw new ToolFailure(`图片网址返回错误状态 ${response.status}`);
      if (!mime.startsWith('image/')) throw new ToolFailure('图片网址返回的不是图片');
      if (response.truncated) throw new ToolFailure('图片过大（超过 20 MB）');
      return `data:${mime};base64,${response.body.toString('base64')}`;
    } catch (error) {
      if (error instanceof OutboundRefused || error instanceof OutboundError) throw new ToolFailure(error.message);
      throw error;
    }
  }

  return {
    storedConfig,
    async prepare(viewer, { config }) {
      const parsed = parseInput(multimodalToolConfig, config);
      if (parsed.task === 'stt') {
        await llm.resolveModel(viewer, parsed.llm_name, 'stt');
        return { inputSchema: STT_INPUT, config: parsed };
      }
      const model = await llm.resolveModel(viewer, parsed.llm_name, 'chat');
      if (model.type !== 'vision' && !model.supportsVision) throw badInput(`模型「${parsed.llm_name}」不支持图片理解，请选择视觉模型`);
      return { inputSchema: VISION_INPUT, config: parsed };
    },
    toTool(viewer, row) {
      const config = storedConfig.read(row.config);
      return rowTool(row, {
        timeoutMs: 120_000,
        async execute(input, { signal }) {
          try {
            if (config.task === 'stt') {
              const { bytes, mime, name } = await fileBytes(viewer, String(input.file_id), 'audio');
              const { text } = await llm.transcribe(
                viewer,
                config.llm_name,
                { audio: bytes, filename: name, mediaType: mime || undefined, prompt: config.prompt },
                { feature: 'tool', signal },
              );
              return { output: text || '（没有识别出文字）' };
            }
            const url = await imageDataUrl(viewer, input, signal);
            const question = [config.prompt || DEFAULT_VISION_PROMPT, typeof input.question === 'string' ? input.question : ''].filter(Boolean).join('\n');
            const result = await llm.chat(
              viewer,
              config.llm_name,
              {
                messages: [
                  {
                    role: 'user',
                    content: [
                      { type: 'text', text: question },
                      { type: 'image', url },
                    ],
                  },
                ],
              },
              { feature: 'tool', signal },
            );
            return { output: result.text };
          } catch (error) {
            if (error instanceof AppError) throw new ToolFailure(error.message);
            throw error;
          }
        },
      });
    },
  };
}
