import { X509Certificate } from 'node:crypto';
import { badInput } from '../../core/index.js';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** A datasource's CA certificates, each read here: a bad one is the form's mistake (40001), not a failed connection later. */
export function checkedCa(pem: string): string {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  blocks.forEach((block, index) => {
    try {
      new X509Certificate(block);
    } catch {
      throw badInput(blocks.length > 1 ? `CA 证书中的第 ${index + 1} 个证书无法读取：请粘贴完整的 PEM 证书` : 'CA 证书无法读取：请粘贴完整的 PEM 证书');
    }
  });
  return pem;
}
