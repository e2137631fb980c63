// The platform's callback credentials on both sides, without a generated package: a back-end that
// refuses misconfigured secrets at start and checks every request as the Anchor Platform sends it
// (a fresh HS256 JWT, or the shared API key), and the sending side, minting the platform's tokens.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  apiKey,
  apiKeyProblem,
  bearerJwt,
  type CredentialCheck,
  closeGracefully,
  createHttpServer,
  headerNameProblem,
  listen,
  secretProblem,
  signPlatformJwt,
} from '@starspec/runtime';

// The platform's callback_api.auth settings, as the back-end gets them.
const authType = process.env.CALLBACK_API_AUTH_TYPE ?? 'jwt_token';
const secret = process.env.SECRET_CALLBACK_API_AUTH_SECRET ?? '';
const jwtHeader = process.env.CALLBACK_API_AUTH_JWT_HEADER ?? 'Authorization';

// Say every problem at once, in words, before anything listens.
const problems =
  authType === 'api_key' ? [apiKeyProblem(secret)] : [secretProblem(secret), headerNameProblem(jwtHeader)];
const found = problems.filter((problem) => problem !== undefined);
if (found.length > 0) throw new Error(`callback credentials: ${found.join('; ')}`);

const check: CredentialCheck =
  authType === 'api_key' ? apiKey(secret) : bearerJwt(secret, { header: jwtHeader });

function answer(req: IncomingMessage, res: ServerResponse) {
  const refused = check(req.headers);
  if (refused !== null) {
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: refused }));
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ACCEPTED"}');
}

// Time and connection bounds, and requests Node cannot parse answered as 400 `{error}`.
const server = createHttpServer(answer);
const url = await listen(server);

// The sending side: a token per request, valid 30 s as the platform mints it.
const credential =
  authType === 'api_key' ? secret : `Bearer ${signPlatformJwt(secret, { expiresInSeconds: 30 })}`;
const headerName = authType === 'api_key' ? 'X-Api-Key' : jwtHeader;
const accepted = await fetch(`${url}/customer`, { headers: { [headerName]: credential } });
const stale = signPlatformJwt(secret, { now: new Date(Date.now() - 60_000) });
const refused = await fetch(`${url}/customer`, { headers: { [headerName]: `Bearer ${stale}` } });
console.log(accepted.status, refused.status, await refused.json()); // 200 401 { error: '...' }

await closeGracefully(server);
