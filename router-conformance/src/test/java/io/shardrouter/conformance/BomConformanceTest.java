package io.shardrouter.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** router-bom manages exactly the published library modules, at the reactor's version. */
class BomConformanceTest {

  @Test
  void bom_managesEveryLibraryModule_atTheReactorVersion() throws Exception {
    Path pom = LibraryModule.root().resolve("router-bom").resolve("pom.xml");
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document doc = factory.newDocumentBuilder().parse(pom.toFile());
    Element project = doc.getDocumentElement();

    assertEquals(
        System.getProperty("shardrouter.version"),
        child(project, "version"),
        "router-bom's version must move with the reactor's (" + pom + ")");

    List<String> managed = new ArrayList<>();
    NodeList deps = project.getElementsByTagName("dependency");
    for (int i = 0; i < deps.getLength(); i++) {
      Element d = (Element) deps.item(i);
      assertEquals("io.shardrouter", child(d, "groupId"), "groupId in " + pom);
      assertEquals("${project.version}", child(d, "version"), "version in " + pom);
      managed.add(child(d, "artifactId"));
    }
    List<String> libraries = new ArrayList<>();
    LibraryModule.libraries().forEach(m -> libraries.add(m.artifactId()));
    assertEquals(
        libraries,
        managed,
        "router-bom must manage every published module (router-conformance's"
            + " shardrouter.library.modules), in the same order");
  }

  private static String child(Element parent, String name) {
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i) instanceof Element e && e.getTagName().equals(name)) {
        return e.getTextContent().trim();
      }
    }
    return null;
  }
}
