import {HTTPSnippet} from '@readme/httpsnippet';
const har = {
  method: 'POST',
  url: 'https://sandbox.rupeerail.example/api/v1/service/aeps/withdrawal',
  httpVersion: 'HTTP/1.1',
  headers: [
    {name: 'Authorization', value: 'Bearer YOUR_JWT'},
    {name: 'Content-Type', value: 'application/json'},
  ],
  queryString: [],
  cookies: [],
  headersSize: -1,
  bodySize: -1,
  postData: {
    mimeType: 'application/json',
    text: JSON.stringify({referenceid: 'RR-1', amount: 1500, nested: {a: [1, 2]}}),
  },
};
const s = new HTTPSnippet(har);
for (const [t, c] of [
  ['shell', 'curl'],
  ['node', 'fetch'],
  ['python', 'requests'],
  ['php', 'curl'],
  ['java', 'nethttp'],
  ['csharp', 'httpclient'],
  ['go', 'native'],
]) {
  console.log('=====', t, c);
  console.log(s.convert(t, c, {indent: '  '}));
}
