package dev.rocelab.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * The binary-compatibility check of releases ({@code -Papi-compatibility} in the parent pom) covers
 * exactly the types of API status STABLE: its list of them must be the code's. A type made STABLE,
 * or no longer STABLE, fails here until the list says so.
 */
class StableApiListTest {

  private static final Pattern INCLUDE =
      Pattern.compile("<include>(dev\\.rocelab\\.[\\w.]+)</include>");

  @Test
  void theCompatibilityCheckCoversEveryStableTypeAndNothingElse() throws IOException {
    List<String> stable =
        new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.rocelab")
                .stream()
                .filter(JavaClass::isTopLevelClass)
                .filter(
                    c ->
                        c.tryGetAnnotationOfType(API.class)
                            .map(api -> api.status() == API.Status.STABLE)
                            .orElse(false))
                .map(JavaClass::getName)
                .sorted()
                .toList();
    String pom = Files.readString(Path.of("../pom.xml"));
    String profile = pom.substring(pom.indexOf("<id>api-compatibility</id>"));
    Matcher includes = INCLUDE.matcher(profile);
    List<String> checked =
        includes.results().map(m -> m.group(1)).sorted().collect(Collectors.toList());

    assertThat(stable).as("STABLE types in the code").hasSizeGreaterThan(50);
    assertThat(checked).as("types the api-compatibility profile checks").isEqualTo(stable);
  }
}
