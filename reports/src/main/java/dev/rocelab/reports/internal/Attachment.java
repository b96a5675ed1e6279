package dev.rocelab.reports.internal;

import dev.rocelab.api.report.Secrets;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One file to attach to a test in the report.
 *
 * @param name the name shown in the report
 * @param type the MIME type, e.g. {@code image/svg+xml}
 * @param extension the file extension, without the dot
 * @param content the file's content as text (UTF-8)
 */
record Attachment(String name, String type, String extension, String content) {

  /**
   * Checks nothing is null, and masks credentials in the name and content: both are written to the
   * report.
   */
  Attachment {
    Objects.requireNonNull(name, "name must not be null");
    Objects.requireNonNull(type, "type must not be null");
    Objects.requireNonNull(extension, "extension must not be null");
    Objects.requireNonNull(content, "content must not be null");
    name = Secrets.mask(name);
    content = Secrets.mask(content);
  }

  /**
   * @return the content as UTF-8 bytes
   */
  byte[] bytes() {
    return content.getBytes(StandardCharsets.UTF_8);
  }
}
