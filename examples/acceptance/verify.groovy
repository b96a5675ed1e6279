// Run by rocelab's own build (maven-invoker-plugin in validation-suites) after `mvn verify` of this
// project: checks the suites really ran from the test-jar, on this project's fabric, and passed.
// Not needed in your copy of the project.

def reports = new File(basedir, 'target/surefire-reports')
def expected = ['dev.rocelab.suites.laboratory.ConfigurationConsistencyTest': 'everyDeviceRunsApprovedFirmware',
                'dev.rocelab.suites.baseline.BaselineTest'                   : 'oneFlowAloneSustainsNearLineRate']

def ran = reports.listFiles().findAll { it.name ==~ /TEST-.*\.xml/ }.collect { (it.name =~ /TEST-(.*)\.xml/)[0][1] }
assert ran.sort() == expected.keySet().sort() : "the default selection should run exactly ${expected.keySet()}, ran ${ran}"

expected.each { suite, aTest ->
    def xml = new File(reports, "TEST-${suite}.xml").text
    def counts = (xml =~ /<testsuite[^>]* tests="(\d+)" errors="(\d+)" skipped="(\d+)" failures="(\d+)"/)
    assert counts.find() : "${suite}: no testsuite element with counts"
    def (tests, errors, skipped, failures) = (1..4).collect { counts.group(it) as int }
    assert tests > 0 && errors == 0 && skipped == 0 && failures == 0 :
            "${suite}: ${tests} tests, ${failures} failed, ${errors} errors, ${skipped} skipped"
    assert xml.contains("name=\"${aTest}") : "${suite}: no test named ${aTest}"
    println "${suite}: ${tests} tests passed"
}

// The suites ran on this project's fabric file (named "acceptance"), not on the reference one in the jar.
def results = new File(basedir, 'target/allure-results').listFiles().findAll { it.name.endsWith('-result.json') }
assert !results.isEmpty() : 'no Allure results recorded'
def fabric = 'acceptance (fabric/fabric.yaml)'
results.each { assert it.text.contains(fabric) : "${it.name} does not name the fabric ${fabric}" }
println "${results.size()} Allure results, all on ${fabric}"
return true
