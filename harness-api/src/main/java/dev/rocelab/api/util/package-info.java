/**
 * What rocelab's modules share that is not API: the records' constructor checks. Anything here may
 * change without notice.
 *
 * @since 0.1
 */
package dev.rocelab.api.util;
