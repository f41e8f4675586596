/**
 * Internal: used by clarq's modules, not part of its API (left out of the javadoc; may change in any release).
 * The web application of {@code clarq serve} (Javalin on Jetty) and the security helpers its pages share: the admin
 * token and its login cookie, CSRF tokens for every POST form, HTML escaping of every text shown, the security
 * headers and the plain error page.
 */
package io.clarq.serve.web;
