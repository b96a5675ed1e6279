package dev.rocelab.api.fabric;

import java.math.BigInteger;
import java.util.Comparator;

/** Orders names so that embedded numbers compare by value: leaf2 before leaf10. */
enum NaturalOrder implements Comparator<String> {
  INSTANCE;

  @Override
  public int compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      char ca = a.charAt(i);
      char cb = b.charAt(j);
      if (Character.isDigit(ca) && Character.isDigit(cb)) {
        int si = i;
        int sj = j;
        while (i < a.length() && Character.isDigit(a.charAt(i))) {
          i++;
        }
        while (j < b.length() && Character.isDigit(b.charAt(j))) {
          j++;
        }
        int byValue =
            new BigInteger(a.substring(si, i)).compareTo(new BigInteger(b.substring(sj, j)));
        if (byValue != 0) {
          return byValue;
        }
        if (i - si != j - sj) {
          return Integer.compare(i - si, j - sj); // nic1 before nic01: equal value, different names
        }
      } else {
        if (ca != cb) {
          return Character.compare(ca, cb);
        }
        i++;
        j++;
      }
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }
}
