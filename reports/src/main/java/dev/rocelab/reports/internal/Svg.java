package dev.rocelab.reports.internal;

import java.util.Locale;

/**
 * Small helpers for writing SVG and HTML text by hand: escaping and number formatting that never
 * depends on the locale.
 */
final class Svg {

  /** The colours of lines and bars, in order (Tableau 10). */
  static final String[] PALETTE = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf"
  };

  private Svg() {}

  /**
   * @param text any text
   * @return the text safe inside XML/HTML content and attribute values
   */
  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * @param value a coordinate
   * @return it with at most one decimal, dot as separator
   */
  static String coordinate(double value) {
    return String.format(Locale.ROOT, "%.1f", value);
  }

  /**
   * A number for an axis label: integers as they are, others with up to three significant decimals.
   *
   * @param value the value
   * @return the text
   */
  static String number(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    String text = String.format(Locale.ROOT, "%.3g", value);
    return text.contains("e") ? text : text.replaceAll("0+$", "").replaceAll("\\.$", "");
  }
}
