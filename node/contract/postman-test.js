// Collection test script: runs after every response and checks the rules every RupeeRail answer
// follows, so a collection run shows at a glance which calls did not answer as documented.
/* global pm -- the Postman sandbox object, present where this script runs */
(() => {
  pm.test('answers with the JSON envelope', () => {
    const body = pm.response.json();
    pm.expect(body.status, 'status').to.be.a('boolean');
    pm.expect(body.response_code, 'response_code').to.be.a('number');
    pm.expect(body.message, 'message').to.be.a('string');
  });
  pm.test('status is true exactly when response_code is 1', () => {
    const body = pm.response.json();
    pm.expect(body.status).to.equal(body.response_code === 1);
  });
})();
