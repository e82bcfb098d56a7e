import { describe, expect, it } from 'vitest';
import { canonicalizedQuery, percentEncode, rpcSignature, rpcStringToSign } from './aliyun-signature.js';
import { tc3Authorization, tc3CanonicalRequest, tc3Signature, tc3StringToSign } from './tencent-signature.js';

describe('Alibaba Cloud RPC signature (HMAC-SHA1, SignatureVersion 1.0)', () => {
  // The worked example of the SMS service's "HTTP 协议及签名" page (Dysmsapi 2017-05-25, SendSms).
  const sendSms = {
    AccessKeyId: 'testId',
    Action: 'SendSms',
    Format: 'XML',
    OutId: '123',
    PhoneNumbers: '15300000001',
    RegionId: 'cn-hangzhou',
    SignName: '阿里云短信测试专用',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
    SignatureVersion: '1.0',
    TemplateCode: 'SMS_71390007',
    TemplateParam: '{"customer":"test"}',
    Timestamp: '2017-07-12T02:42:19Z',
    Version: '2017-05-25',
  };

  it("reproduces the SMS documentation's SendSms example", () => {
    expect(rpcStringToSign('GET', sendSms)).toBe(
      'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25',
    );
    expect(rpcSignature('GET', sendSms, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    // The Signature parameter itself is never signed.
    expect(rpcSignature('GET', { ...sendSms, Signature: 'old' }, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it("reproduces the RPC signature page's DescribeRegions example", () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(rpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('percent-encodes as RFC 3986 says: space %20, * %2A, ~ kept, UTF-8 bytes', () => {
    expect(percentEncode('a b*~-_.')).toBe('a%20b%2A~-_.');
    expect(percentEncode("!'()/=&+")).toBe('%21%27%28%29%2F%3D%26%2B');
    expect(percentEncode('签')).toBe('%E7%AD%BE');
    expect(canonicalizedQuery({ b: '2', a: '1', Signature: 'x', B: '3' })).toBe('B=3&a=1&b=2');
  });

  it('changes with the secret and with any parameter', () => {
    const base = rpcSignature('POST', sendSms, 'testSecret');
    expect(rpcSignature('POST', sendSms, 'testSecreT')).not.toBe(base);
    expect(rpcSignature('POST', { ...sendSms, PhoneNumbers: '15300000002' }, 'testSecret')).not.toBe(base);
    expect(rpcSignature('GET', sendSms, 'testSecret')).not.toBe(base);
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256 (API 3.0 signature v3)', () => {
  // The worked example of the "Signature v3" page (CVM DescribeInstances at 1551113065).
  const request = {
    method: 'POST',
    query: '',
    headers: { 'Content-Type': 'application/json; charset=utf-8', Host: 'cvm.tencentcloudapi.com' },
    payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  };

  it("reproduces the documentation's canonical request, string to sign and signature", () => {
    const canonical = tc3CanonicalRequest(request);
    expect(canonical).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    const stringToSign = tc3StringToSign(1551113065, 'cvm', canonical);
    expect(stringToSign).toBe('TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031');
    expect(tc3Signature('Gu5t9xGARNpq86cd98joQYCN3EXAMPLE', '2019-02-25', 'cvm', stringToSign)).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(tc3Authorization('AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE', 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE', 'cvm', 1551113065, request)).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('takes the UTC date of the timestamp, not the local one', () => {
    // 2019-02-26 00:44:25 in UTC+8 is still 2019-02-25 in UTC.
    expect(tc3StringToSign(1551113065, 'sms', 'x').split('\n')[2]).toBe('2019-02-25/sms/tc3_request');
  });
});
