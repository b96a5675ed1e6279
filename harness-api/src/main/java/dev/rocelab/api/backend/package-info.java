/**
 * The fabric backend SPI: {@link dev.rocelab.api.backend.FabricBackend} implementations (the
 * built-in model, real labs) are discovered with {@link java.util.ServiceLoader} through {@link
 * dev.rocelab.api.backend.FabricBackends} and open {@link dev.rocelab.api.backend.FabricSession}s
 * that run scenarios.
 *
 * @since 0.1
 */
package dev.rocelab.api.backend;
