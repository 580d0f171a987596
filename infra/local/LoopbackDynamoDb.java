// Starts AWS's DynamoDB Local listening on the loopback interface only (127.0.0.1). Its own
// launcher has no option for the address and binds every interface, which would let anyone on the
// network read and write the database of `npm start`. Run by infra/local/dynamo.ts with
// Java's single-file source launcher (`java -cp DynamoDBLocal.jar LoopbackDynamoDb.java <args>`):
// the same arguments as DynamoDBLocal.jar, the same server, one field of it set before it starts.
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamoDb {
    public static void main(String[] args) throws Exception {
        DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
        Field field = DynamoDBProxyServer.class.getDeclaredField("server");
        field.setAccessible(true);
        Server server = (Server) field.get(proxy);
        int bound = 0;
        for (Connector connector : server.getConnectors()) {
            if (connector instanceof ServerConnector) {
                ((ServerConnector) connector).setHost("127.0.0.1");
                bound++;
            }
        }
        if (bound == 0) throw new IllegalStateException("DynamoDB Local has no network connector to bind to 127.0.0.1");
        proxy.start();
        System.out.println("DynamoDB Local listening on 127.0.0.1 only");
        proxy.join();
    }
}
