/**
 * Immutable unit-of-measure value types used across the rocelab API: {@link
 * dev.rocelab.api.unit.Rate}, {@link dev.rocelab.api.unit.DataSize}, {@link
 * dev.rocelab.api.unit.SimTime} and {@link dev.rocelab.api.unit.Length}.
 *
 * <p>Units are types at the API boundary and whole numbers inside: each type wraps one non-negative
 * {@code long} in its base unit (bits per second, bytes, picoseconds, millimeters). Values are
 * created through factories such as {@code Rate.gbps(400)} or {@code DataSize.kib(512)}, or parsed
 * from text such as {@code "400Gbps"}, {@code "16MiB"}, {@code "1.5us"} or {@code "5m"}.
 *
 * <p>All types share one syntax: optional surrounding whitespace, an unsigned decimal number, at
 * most one space, and a case-sensitive unit symbol. A decimal number is accepted when it denotes a
 * whole number of base units, so {@code "1.6Tbps"} is valid and {@code "1.5B"} is not. The {@code
 * toString()} of every value parses back to an equal value.
 *
 * <p>Factories and arithmetic throw {@link java.lang.ArithmeticException} on {@code long} overflow
 * and {@link java.lang.IllegalArgumentException} for negative quantities or malformed text; the
 * messages name the field, the value and, for text, the accepted units.
 *
 * @since 0.1
 */
package dev.rocelab.api.unit;
