// Collection pre-request script: signs a fresh request token before every request, the way
// /HeaderMarkdown explains (HS256 over the partner secret named by `kid`; claims partnerId, iat,
// exp, aud and a new reqId). Fill in the collection variables `partnerId`, `jwtSecret`, `jwtKeyId`
// and `audience`; nothing else is needed.
/* global pm -- the Postman sandbox object, present where this script runs */
// One function scope: Postman and Newman run every request's scripts in a shared context, where a
// top-level `const` would be declared twice.
(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the Postman sandbox offers its libraries through require() only
  const CryptoJS = require('crypto-js');

  const partnerId = pm.variables.get('partnerId');
  const secret = pm.variables.get('jwtSecret');
  const kid = pm.variables.get('jwtKeyId');
  const aud = pm.variables.get('audience');
  if (!partnerId || !secret || !kid || !aud) {
    throw new Error(
      'Set the collection variables partnerId, jwtSecret, jwtKeyId and audience (from your dashboard) before sending.',
    );
  }

  const base64url = (words) =>
    CryptoJS.enc.Base64.stringify(words).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const encode = (value) => base64url(CryptoJS.enc.Utf8.parse(JSON.stringify(value)));

  const header = encode({alg: 'HS256', typ: 'JWT', kid});
  const iat = Math.floor(Date.now() / 1000);
  const payload = encode({
    partnerId,
    iat,
    // The longest life a token may have (300 seconds); one token is used once anyway.
    exp: iat + 300,
    aud,
    // Never reused: a repeated reqId is refused with response_code 11.
    reqId: pm.variables.replaceIn('{{$guid}}'),
  });
  const signature = base64url(CryptoJS.HmacSHA256(`${header}.${payload}`, secret));

  // A local variable: it wins over the collection's empty bearerToken for this request only.
  pm.variables.set('bearerToken', `${header}.${payload}.${signature}`);
})();
